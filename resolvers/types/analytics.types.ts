import { AnalyticsPeriod, DataType, FindingType } from './enums';
import { ArgsType, Field, Float, ObjectType } from 'type-graphql';
import { GraphQLSafeInt } from 'graphql-scalars';

@ArgsType()
export class AnalyticsArgs {
  @Field({ description: 'Organization id or slug' }) org!: string;
  @Field(() => AnalyticsPeriod, { nullable: true, description: 'The window; default the last 30 days' }) period?: string;
}

@ObjectType({ description: 'Totals of an organization for a period.' })
export class OrganizationAnalytics {
  @Field() org_id!: string;
  @Field() org_name!: string;
  @Field(() => AnalyticsPeriod) period!: string;
  @Field(() => GraphQLSafeInt) total_checks!: number;
  @Field(() => GraphQLSafeInt, { description: 'Bytes of checks that were masked or blocked' }) bytes_protected!: number;
  @Field(() => GraphQLSafeInt) allowed!: number;
  @Field(() => GraphQLSafeInt) masked!: number;
  @Field(() => GraphQLSafeInt) blocked!: number;
  @Field(() => GraphQLSafeInt, { description: 'Findings in checks that were masked or blocked' }) prevented_exposures!: number;
  @Field(() => Float, { description: 'Percent of checks allowed or masked, one decimal; 0 without checks' }) safe_share_rate!: number;
  @Field() from_date!: string;
  @Field() to_date!: string;
}

@ObjectType()
export class TimeSeriesPoint {
  @Field() date!: string;
  @Field(() => GraphQLSafeInt) checks_total!: number;
  @Field(() => GraphQLSafeInt) allowed!: number;
  @Field(() => GraphQLSafeInt) masked!: number;
  @Field(() => GraphQLSafeInt) blocked!: number;
  @Field(() => GraphQLSafeInt) bytes_processed!: number;
}

@ObjectType({ description: 'Checks per UTC day of the period, zero-filled.' })
export class AnalyticsTimeSeries {
  @Field() org_id!: string;
  @Field(() => AnalyticsPeriod) period!: string;
  @Field() from_date!: string;
  @Field() to_date!: string;
  @Field(() => [TimeSeriesPoint]) data!: TimeSeriesPoint[];
}

@ObjectType()
export class DetectionType {
  @Field({ description: 'Finding type, e.g. EMAIL' }) type!: string;
  @Field({ description: 'Human label, e.g. E-mail address' }) label!: string;
  @Field(() => GraphQLSafeInt) count!: number;
  @Field(() => Float, { description: 'Share of all detections, percent, one decimal' }) percentage!: number;
}

@ObjectType({ description: 'Detections per finding type in the period.' })
export class DetectionBreakdown {
  @Field() org_id!: string;
  @Field(() => AnalyticsPeriod) period!: string;
  @Field(() => GraphQLSafeInt) total_detections!: number;
  @Field(() => [DetectionType]) types!: DetectionType[];
  @Field() from_date!: string;
  @Field() to_date!: string;
}

@ObjectType({ description: 'Checks this UTC month, as the monthly allowance counts them' })
export class MonthlyChecks {
  @Field() org_id!: string;
  @Field({ description: 'YYYY-MM (UTC)' }) month!: string;
  @Field(() => GraphQLSafeInt, { description: 'Checks counted this month' }) checks!: number;
}

@ObjectType({ description: 'A built-in finding type: its label and data types, from the one catalogue.' })
export class FindingTypeInfo {
  @Field(() => FindingType, { description: 'The finding type' }) type!: string;
  @Field({ description: 'Human label, as in check summaries and analytics' }) label!: string;
  @Field(() => [DataType], { description: 'Data-type families its findings belong to' }) data_types!: string[];
}
