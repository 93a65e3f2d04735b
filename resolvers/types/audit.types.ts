import { Decision, Destination, InputKind, SourceType } from './enums';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime, GraphQLJSONObject } from 'graphql-scalars';
import { PageArgs, PageOf } from './page.types';

@ObjectType({ description: 'One preflight decision in the audit log: metadata and finding counts, never content or values.' })
export class AuditItem {
  @Field() preflight_id!: string;
  @Field(() => GraphQLDateTime) created_at!: string;
  @Field(() => Destination) destination!: string;
  @Field(() => Decision) decision!: string;
  @Field() summary!: string;
  @Field() policy_version!: string;
  @Field() policy_id!: string;
  @Field() policy_name!: string;
  @Field() org_id!: string;
  @Field() org_name!: string;
  @Field(() => SourceType) source_type!: string;
  @Field(() => InputKind) input_type!: string;
  @Field(() => Int) input_size_bytes!: number;
  @Field(() => Int) findings_total!: number;
  @Field(() => GraphQLJSONObject, { description: 'Findings per type, e.g. {"EMAIL": 2}' }) finding_counts!: Record<string, number>;
}

@ObjectType()
export class AuditPage extends PageOf(AuditItem) {}

@ArgsType()
export class AuditLogArgs extends PageArgs {
  @Field({ nullable: true, description: 'Organization id or slug (an organization key may name only its own); all organizations for the operator key when omitted' }) org?: string;
  @Field({ nullable: true, description: 'Text contained in the preflight id, summary, policy name, decision or destination' })
  search?: string;
  @Field({ nullable: true, description: 'Inclusive UTC lower bound: a date (whole day) or an ISO 8601 date-time' }) from?: string;
  @Field({ nullable: true, description: 'Inclusive UTC upper bound: a date (whole day) or an ISO 8601 date-time' }) to?: string;
  @Field(() => Decision, { nullable: true, description: 'Only this decision' }) decision?: string;
  @Field(() => Destination, { nullable: true, description: 'Only this destination' }) destination?: string;
}
