import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/db/data-source';
import { migrations } from '../../src/migrations';
import { ENGINES, freshMysqlDatabase } from '../support/app';

for (const engine of ENGINES) {
  describe(`migrations (${engine})`, () => {
    let ds: DataSource;
    let cleanup: () => Promise<void>;

    before(async () => {
      if (engine === 'mysql') {
        const db = await freshMysqlDatabase();
        ds = new DataSource(dataSourceOptions({ databaseUrl: db.url, dataDir: os.tmpdir() }));
        cleanup = db.drop;
      } else {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-migrations-'));
        ds = new DataSource(dataSourceOptions({ dataDir: dir }));
        cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
      }
      await ds.initialize();
    });
    after(async () => {
      if (ds?.isInitialized) await ds.destroy();
      await cleanup?.();
    });

    const entityTables = () => [...new Set(ds.entityMetadatas.map((m) => m.tableName))].sort();

    async function existingTables(): Promise<string[]> {
      const qr = ds.createQueryRunner();
      try {
        const out: string[] = [];
        for (const t of entityTables()) if (await qr.hasTable(t)) out.push(t);
        return out;
      } finally {
        await qr.release();
      }
    }

    async function appliedCount(): Promise<number> {
      const rows = await ds.query('SELECT COUNT(*) AS n FROM migrations');
      return Number(rows[0].n);
    }

    it('starts from an empty database', async () => {
      expect(await existingTables()).to.deep.equal([]);
      expect(await ds.showMigrations(), 'pending migrations').to.equal(true);
    });

    it('runs every migration, in timestamp order, with names that match their classes', async () => {
      const stamps = migrations.map((m) => Number(/(\d{13})$/.exec(m.name)?.[1]));
      expect(stamps.every((s) => Number.isFinite(s)), 'class names end in their 13-digit timestamp').to.equal(true);
      expect([...stamps].sort((a, b) => a - b)).to.deep.equal(stamps);
      expect(new Set(stamps).size).to.equal(stamps.length);
      const ran = await ds.runMigrations({ transaction: 'each' });
      expect(ran.map((m) => m.name)).to.deep.equal(migrations.map((m) => m.name));
      expect(await ds.showMigrations()).to.equal(false);
    });

    it('creates a table for every entity, with every entity column', async () => {
      expect(await existingTables()).to.deep.equal(entityTables());
      const qr = ds.createQueryRunner();
      try {
        for (const meta of ds.entityMetadatas) {
          const table = await qr.getTable(meta.tableName);
          const have = new Set(table!.columns.map((c) => c.name));
          for (const col of meta.columns) expect(have.has(col.databaseName), `${meta.tableName}.${col.databaseName}`).to.equal(true);
          for (const col of meta.columns) {
            const dbCol = table!.columns.find((c) => c.name === col.databaseName)!;
            expect(dbCol.isNullable, `${meta.tableName}.${col.databaseName} nullable`).to.equal(col.isNullable);
          }
        }
      } finally {
        await qr.release();
      }
    });

    it('the schema accepts and returns the entities’ data', async () => {
      const repo = ds.getRepository('OrganizationEntity');
      const now = new Date();
      await repo.insert({ id: 'org_migration_test', name: 'M', slug: 'm', settings: { a: 1 }, createdAt: now, updatedAt: now });
      const got = (await repo.findOneBy({ id: 'org_migration_test' })) as { settings: unknown; createdAt: Date };
      expect(got.settings).to.deep.equal({ a: 1 });
      expect(got.createdAt.getTime()).to.equal(now.getTime());
    });

    it('reverts every migration: all tables gone', async () => {
      let guard = migrations.length + 1;
      while ((await appliedCount()) > 0 && guard-- > 0) await ds.undoLastMigration({ transaction: 'each' });
      expect(await appliedCount()).to.equal(0);
      expect(await existingTables()).to.deep.equal([]);
    });

    it('runs again after a full revert', async () => {
      const ran = await ds.runMigrations({ transaction: 'each' });
      expect(ran).to.have.length(migrations.length);
      expect(await existingTables()).to.deep.equal(entityTables());
    });
  });
}
