import { ArgsType, Field, Float, Int, ObjectType } from 'type-graphql';
import { GraphQLSafeInt } from 'graphql-scalars';

@ArgsType()
export class AnalyticsArgs {
  @Field({ description: 'Organization id or slug' }) org!: string;
  @Field({ nullable: true, description: '7d, 30d or 90d (whole UTC days ending today); default 30d' }) period?: string;
}

@ObjectType({ description: 'Organization analytics for a period (spec 2.5).' })
export class OrganizationAnalytics {
  @Field() org_id!: string;
  @Field() org_name!: string;
  @Field() period!: string;
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
  @Field() period!: string;
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
  @Field() period!: string;
  @Field(() => GraphQLSafeInt) total_detections!: number;
  @Field(() => [DetectionType]) types!: DetectionType[];
  @Field() from_date!: string;
  @Field() to_date!: string;
}

@ObjectType({ description: 'Checks this UTC month, as the monthly allowance counts them' })
export class MonthlyChecks {
  @Field() org_id!: string;
  @Field({ description: 'YYYY-MM (UTC)' }) month!: string;
  @Field(() => GraphQLSafeInt) checks!: number;
}
