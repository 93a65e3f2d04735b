import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { PolicyRef } from './types/refs.types';
import { plain } from './context';
import { PageArgs } from './types/page.types';
import { CreatePolicyInput, Policy, PolicyPage, RegeneratedPolicyKey, UpdatePolicyArgs } from './types/policy.types';
import { PolicyTryResult, TryPolicyArgs } from './types/preflight.types';

@Resolver(() => Policy)
export class PolicyResolver {
  @Query(() => PolicyPage, { description: "The organization's policies, oldest first (keys redacted)" })
  async policies(@Arg('org') org: string, @Args() page: PageArgs, @Ctx() ctx: GqlContext): Promise<PolicyPage> {
    return ctx.services.policies.list(await ctx.principal(), org, plain(page));
  }

  @Query(() => Policy, { description: 'One policy (key redacted)' })
  async policy(@Args() ref: PolicyRef, @Ctx() ctx: GqlContext): Promise<Policy> {
    return ctx.services.policies.get(await ctx.principal(), ref.org, ref.policy_id);
  }

  @Mutation(() => Policy, { description: 'The policy API key is in full in this result only' })
  async createPolicy(@Arg('org') org: string, @Arg('input') input: CreatePolicyInput, @Ctx() ctx: GqlContext): Promise<Policy> {
    return ctx.services.policies.create(await ctx.principal(), org, plain(input));
  }

  @Mutation(() => Policy, { description: 'Changes a policy and raises its version' })
  async updatePolicy(@Args() { org, policy_id, input }: UpdatePolicyArgs, @Ctx() ctx: GqlContext): Promise<Policy> {
    return ctx.services.policies.update(await ctx.principal(), org, policy_id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Deletes a policy; true when done' })
  async deletePolicy(@Args() ref: PolicyRef, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.policies.remove(await ctx.principal(), ref.org, ref.policy_id);
    return true;
  }

  @Mutation(() => RegeneratedPolicyKey, { description: 'Replaces the policy key; the old one stops working at once' })
  async regeneratePolicyKey(@Args() ref: PolicyRef, @Ctx() ctx: GqlContext): Promise<RegeneratedPolicyKey> {
    return ctx.services.policies.regenerateKey(await ctx.principal(), ref.org, ref.policy_id);
  }

  @Mutation(() => PolicyTryResult, { description: 'Run text through a policy without recording a check (the console\'s Try it)' })
  async tryPolicy(@Args() { org, policy_id, input }: TryPolicyArgs, @Ctx() ctx: GqlContext): Promise<PolicyTryResult> {
    return ctx.services.preflight.tryText(await ctx.principal(), org, policy_id, plain(input));
  }
}
