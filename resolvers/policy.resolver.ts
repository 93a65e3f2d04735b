import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { plain } from './context';
import { PageArgs } from './types/page.types';
import { CreatePolicyInput, Policy, PolicyPage, RegeneratedPolicyKey, UpdatePolicyInput } from './types/policy.types';
import { PolicyTryResult, TryPolicyInput } from './types/preflight.types';

@Resolver(() => Policy)
export class PolicyResolver {
  @Query(() => PolicyPage, { description: "The organization's policies, oldest first (keys redacted)" })
  async policies(@Arg('org') org: string, @Args() page: PageArgs, @Ctx() ctx: GqlContext): Promise<PolicyPage> {
    return ctx.services.policies.list(await ctx.principal(), org, plain(page));
  }

  @Query(() => Policy, { description: 'One policy (key redacted)' })
  async policy(@Arg('org') org: string, @Arg('policy_id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<Policy> {
    return ctx.services.policies.get(await ctx.principal(), org, id);
  }

  @Mutation(() => Policy, { description: 'The policy API key is in full in this result only' })
  async createPolicy(@Arg('org') org: string, @Arg('input') input: CreatePolicyInput, @Ctx() ctx: GqlContext): Promise<Policy> {
    return ctx.services.policies.create(await ctx.principal(), org, plain(input));
  }

  @Mutation(() => Policy, { description: 'Changes a policy and raises its version' })
  async updatePolicy(
    @Arg('org') org: string,
    @Arg('policy_id', () => ID) id: string,
    @Arg('input') input: UpdatePolicyInput,
    @Ctx() ctx: GqlContext,
  ): Promise<Policy> {
    return ctx.services.policies.update(await ctx.principal(), org, id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Deletes a policy; true when done' })
  async deletePolicy(@Arg('org') org: string, @Arg('policy_id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.policies.remove(await ctx.principal(), org, id);
    return true;
  }

  @Mutation(() => RegeneratedPolicyKey, { description: 'Replaces the policy key; the old one stops working at once' })
  async regeneratePolicyKey(
    @Arg('org') org: string,
    @Arg('policy_id', () => ID) id: string,
    @Ctx() ctx: GqlContext,
  ): Promise<RegeneratedPolicyKey> {
    return ctx.services.policies.regenerateKey(await ctx.principal(), org, id);
  }

  @Mutation(() => PolicyTryResult, { description: 'Run text through a policy without recording a check (the console\'s Try it)' })
  async tryPolicy(
    @Arg('org') org: string,
    @Arg('policy_id', () => ID) id: string,
    @Arg('input') input: TryPolicyInput,
    @Ctx() ctx: GqlContext,
  ): Promise<PolicyTryResult> {
    return ctx.services.preflight.tryText(await ctx.principal(), org, id, plain(input));
  }
}
