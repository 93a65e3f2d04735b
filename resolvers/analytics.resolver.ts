import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { AnalyticsArgs, AnalyticsTimeSeries, DetectionBreakdown, FindingTypeInfo, MonthlyChecks, OrganizationAnalytics } from './types/analytics.types';

const periodOf = (args: AnalyticsArgs) => (args.period == null ? {} : { period: args.period });

@Resolver()
export class AnalyticsResolver {
  @Query(() => OrganizationAnalytics, { description: 'Totals, bytes protected, prevented exposures and safe-share rate for a period' })
  async organizationAnalytics(@Args() args: AnalyticsArgs, @Ctx() ctx: GqlContext): Promise<OrganizationAnalytics> {
    return ctx.services.analytics.organization(await ctx.principal(), args.org, periodOf(args));
  }

  @Query(() => AnalyticsTimeSeries, { description: 'Checks per UTC day of the period, zero-filled' })
  async analyticsTimeSeries(@Args() args: AnalyticsArgs, @Ctx() ctx: GqlContext): Promise<AnalyticsTimeSeries> {
    return ctx.services.analytics.timeSeries(await ctx.principal(), args.org, periodOf(args));
  }

  @Query(() => [FindingTypeInfo], { description: 'Every built-in finding type with its label and data types' })
  async findingTypes(@Ctx() ctx: GqlContext): Promise<FindingTypeInfo[]> {
    await ctx.principal();
    return ctx.services.analytics.findingTypes();
  }

  @Query(() => DetectionBreakdown, { description: 'Detections per finding type in the period, with labels and shares' })
  async detectionBreakdown(@Args() args: AnalyticsArgs, @Ctx() ctx: GqlContext): Promise<DetectionBreakdown> {
    return ctx.services.analytics.detections(await ctx.principal(), args.org, periodOf(args));
  }

  @Query(() => MonthlyChecks, { description: 'Checks this UTC month (what the monthly allowance counts)' })
  async checksThisMonth(@Arg('org', { description: 'Organization id or slug' }) org: string, @Ctx() ctx: GqlContext): Promise<MonthlyChecks> {
    return ctx.services.analytics.monthToDate(await ctx.principal(), org);
  }
}
