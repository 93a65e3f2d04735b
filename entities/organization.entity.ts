import { Entity, PrimaryColumn, Column } from 'typeorm';
import { JsonColumn, TimeColumn } from './columns';

@Entity('organizations')
export class OrganizationEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ type: 'varchar', length: 100, unique: true }) slug!: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form JSON settings
  @JsonColumn() settings!: Record<string, any>;
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
  @TimeColumn({ name: 'updated_at' }) updatedAt!: Date;
}
