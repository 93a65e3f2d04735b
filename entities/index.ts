import { OrganizationEntity } from './organization.entity';
import { ApiKeyEntity } from './api-key.entity';
import { PolicyEntity } from './policy.entity';
import { LicenseEntity } from './license.entity';
import { PreflightRecordEntity } from './preflight-record.entity';
import { MaskedFileEntity } from './masked-file.entity';
import { ForwardingDestinationEntity } from './forwarding-destination.entity';
import { DeliveryEntity } from './delivery.entity';
import { ConsoleSessionEntity } from './console-session.entity';
import { FindingCountEntity, AnalyticsDailyEntity, AnalyticsDailyFindingEntity, RollupStateEntity, CacheGenerationEntity } from './analytics.entity';
import { AuditSearchTextEntity, AuditSearchChunkEntity } from './analytics.entity';

export { OrganizationEntity, ApiKeyEntity, PolicyEntity, LicenseEntity, PreflightRecordEntity, MaskedFileEntity };
export { ForwardingDestinationEntity, DeliveryEntity, ConsoleSessionEntity };
export { FindingCountEntity, AnalyticsDailyEntity, AnalyticsDailyFindingEntity, RollupStateEntity, CacheGenerationEntity };
export { AuditSearchTextEntity, AuditSearchChunkEntity };

/** Every entity the DataSource knows. Add new ones here. */
export const entities = [
  OrganizationEntity,
  ApiKeyEntity,
  PolicyEntity,
  LicenseEntity,
  PreflightRecordEntity,
  MaskedFileEntity,
  ForwardingDestinationEntity,
  DeliveryEntity,
  FindingCountEntity,
  AnalyticsDailyEntity,
  AnalyticsDailyFindingEntity,
  RollupStateEntity,
  CacheGenerationEntity,
  ConsoleSessionEntity,
  AuditSearchTextEntity,
  AuditSearchChunkEntity,
];
