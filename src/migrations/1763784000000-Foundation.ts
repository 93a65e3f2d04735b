import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { id, ref, str, time, text, largeText } from './columns';

/** Organizations, API keys, policies, licenses, preflight records and masked files. */
export class Foundation1763784000000 implements MigrationInterface {
  name = 'Foundation1763784000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'organizations',
        columns: [id(), str('name', 200), str('slug', 100), text('settings'), time('created_at'), time('updated_at')],
        uniques: [{ name: 'uq_organizations_slug', columnNames: ['slug'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          id(),
          ref('org_id'),
          str('name', 200),
          str('key_hash', 64),
          str('key_preview', 40),
          time('created_at'),
          time('rotated_at', true),
          time('last_used_at', true),
        ],
        uniques: [{ name: 'uq_api_keys_hash', columnNames: ['key_hash'] }],
        indices: [{ name: 'idx_api_keys_org', columnNames: ['org_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'policies',
        columns: [
          id(),
          ref('org_id'),
          str('name', 200),
          text('description'),
          text('tags'),
          str('policy_group', 100),
          { name: 'is_active', type: 'boolean' },
          { name: 'version', type: 'int' },
          // Up to 200 rules and 100 custom patterns (keyword lists) easily pass TEXT's 64 KiB on MySQL.
          largeText(q, 'rules'),
          largeText(q, 'custom_patterns'),
          str('api_key_hash', 64),
          str('api_key_preview', 40),
          time('created_at'),
          time('updated_at'),
        ],
        uniques: [{ name: 'uq_policies_key_hash', columnNames: ['api_key_hash'] }],
        indices: [{ name: 'idx_policies_org', columnNames: ['org_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'licenses',
        columns: [
          id(),
          ref('org_id'),
          str('key_hash', 64),
          str('key_preview', 40),
          str('license_type', 40),
          str('status', 20),
          time('expires_at'),
          { name: 'max_checks_per_month', type: 'int' },
          str('default_policy_group', 100),
          time('created_at'),
          time('updated_at'),
        ],
        uniques: [{ name: 'uq_licenses_key_hash', columnNames: ['key_hash'] }],
        indices: [{ name: 'idx_licenses_org', columnNames: ['org_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'preflight_records',
        columns: [
          id(),
          ref('org_id'),
          str('org_name', 200),
          ref('policy_id'),
          str('policy_name', 200),
          str('policy_version', 20),
          str('decision', 24),
          str('destination', 16),
          str('source_type', 24),
          str('actor_id', 200, true),
          str('input_type', 16),
          { name: 'input_size_bytes', type: 'bigint' },
          text('finding_counts'),
          { name: 'findings_total', type: 'int' },
          text('detected'),
          text('summary'),
          largeText(q, 'masked_content_enc', true),
          time('content_expires_at', true),
          str('masked_file_id', 40, true),
          time('created_at'),
        ],
        indices: [
          { name: 'idx_preflight_org_created', columnNames: ['org_id', 'created_at'] },
          { name: 'idx_preflight_created', columnNames: ['created_at'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'masked_files',
        columns: [
          id(),
          ref('preflight_id'),
          ref('org_id'),
          str('filename', 255),
          str('content_type', 100),
          largeText(q, 'content_enc'),
          time('expires_at'),
        ],
        indices: [{ name: 'idx_masked_files_expires', columnNames: ['expires_at'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['masked_files', 'preflight_records', 'licenses', 'policies', 'api_keys', 'organizations']) {
      await q.dropTable(t);
    }
  }
}
