import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { plain } from './context';
import { AuditLogArgs, AuditPage } from './types/audit.types';

@Resolver()
export class AuditResolver {
  @Query(() => AuditPage, {
    description: 'The audit log, newest first: every organization for the operator key, its own for an organization key. Default window: the last 30 days.',
  })
  async auditLog(@Args() args: AuditLogArgs, @Ctx() ctx: GqlContext): Promise<AuditPage> {
    const { org, ...query } = plain(args);
    return ctx.services.audit.list(await ctx.principal(), { ...query, org_id: org });
  }
}
