import { OrganizationEntity } from './organization.entity';
import { ApiKeyEntity } from './api-key.entity';
import { PolicyEntity } from './policy.entity';
import { LicenseEntity } from './license.entity';
import { PreflightRecordEntity } from './preflight-record.entity';
import { MaskedFileEntity } from './masked-file.entity';
import { ForwardingDestinationEntity } from './forwarding-destination.entity';
import { DeliveryEntity } from './delivery.entity';
import { ConsoleSessionEntity } from './console-session.entity';

export { OrganizationEntity, ApiKeyEntity, PolicyEntity, LicenseEntity, PreflightRecordEntity, MaskedFileEntity };
export { ForwardingDestinationEntity, DeliveryEntity, ConsoleSessionEntity };

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
  ConsoleSessionEntity,
];
