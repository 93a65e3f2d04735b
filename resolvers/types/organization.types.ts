import { LicenseStatus } from './enums';
import { Directive, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime, GraphQLJSONObject } from 'graphql-scalars';
import { PageOf } from './page.types';

@Directive('@key(fields: "org_id")')
@ObjectType({ description: 'An organization: the tenant that owns policies, licenses, keys and audit records.' })
export class Organization {
  @Field(() => ID) org_id!: string;
  @Field() name!: string;
  @Field() slug!: string;
  @Field(() => GraphQLJSONObject, { description: 'primary_color, admin_email, data_region, retention_mode, retention_days, and any other keys' })
  settings!: Record<string, unknown>;
  @Field(() => GraphQLDateTime) created_at!: string;
  @Field(() => GraphQLDateTime) updated_at!: string;
}

@ObjectType({ description: 'A new organization with its trial license; license_key is shown only here.' })
export class CreatedOrganization extends Organization {
  @Field() license_id!: string;
  @Field() license_key!: string;
  @Field() license_type!: string;
  @Field(() => GraphQLDateTime) license_expires_at!: string;
}

@InputType()
export class CreateOrganizationInput {
  @Field() name!: string;
  @Field({ nullable: true, description: 'Derived from the name when omitted' }) slug?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) settings?: Record<string, unknown>;
}

@InputType({ description: 'Partial update: omitted fields stay.' })
export class UpdateOrganizationInput {
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) slug?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) settings?: Record<string, unknown>;
}

@ObjectType({ description: 'An organization API key; `key` is present only when created or rotated.' })
export class ApiKey {
  @Field(() => ID) key_id!: string;
  @Field() org_id!: string;
  @Field() name!: string;
  @Field() key_preview!: string;
  @Field({ nullable: true }) key?: string;
  @Field(() => GraphQLDateTime) created_at!: string;
  @Field(() => GraphQLDateTime, { nullable: true }) rotated_at!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) last_used_at!: string | null;
}

@InputType()
export class CreateApiKeyInput {
  @Field() name!: string;
}

@Directive('@key(fields: "license_id")')
@ObjectType()
export class License {
  @Field(() => ID) license_id!: string;
  @Field() org_id!: string;
  @Field({ description: 'Redacted' }) license_key!: string;
  @Field() license_type!: string;
  @Field(() => LicenseStatus) status!: string;
  @Field(() => GraphQLDateTime) expires_at!: string;
  @Field(() => Int) max_checks_per_month!: number;
  @Field() default_policy_group!: string;
  @Field(() => GraphQLDateTime) created_at!: string;
  @Field(() => GraphQLDateTime) updated_at!: string;
}

@ObjectType()
export class LicenseValidation {
  @Field() valid!: boolean;
  @Field(() => GraphQLDateTime) expires!: string;
  @Field() org_id!: string;
  @Field() license_id!: string;
  @Field(() => LicenseStatus) status!: string;
  @Field() policy_version!: string;
  @Field(() => GraphQLJSONObject) policy_config!: Record<string, unknown>;
  @Field(() => [String]) policy_groups!: string[];
  @Field() default_policy_group!: string;
  @Field({ nullable: true, description: 'RS256-signed token; absent when not valid' }) jwt_token?: string;
  @Field({ nullable: true, description: "Signed policy bundle (compact JWS, RS256): the organization's active policies; absent when not valid" })
  policy_bundle?: string;
}

@ObjectType()
export class LicensePublicKey {
  @Field() kid!: string;
  @Field() alg!: string;
  @Field() pem!: string;
  @Field(() => GraphQLJSONObject) jwk!: Record<string, unknown>;
}

@ObjectType()
export class OrganizationPage extends PageOf(Organization) {}

@ObjectType()
export class ApiKeyPage extends PageOf(ApiKey) {}

@ObjectType()
export class LicensePage extends PageOf(License) {}
