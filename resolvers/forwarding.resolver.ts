import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { DestinationRef } from './types/refs.types';
import { plain } from './context';
import { PageArgs } from './types/page.types';
import {
  CreateForwardingDestinationInput,
  DeliveriesArgs,
  DeliveryPage,
  ForwardingDestination,
  ForwardingDestinationPage,
  ForwardingTestResult,
  RedeliverInput,
  RedeliverResult,
  UpdateForwardingDestinationInput,
} from './types/forwarding.types';

@Resolver(() => ForwardingDestination)
export class ForwardingResolver {
  @Query(() => ForwardingDestinationPage, { description: "The organization's forwarding destinations, oldest first" })
  async forwardingDestinations(@Arg('org') org: string, @Args() page: PageArgs, @Ctx() ctx: GqlContext): Promise<ForwardingDestinationPage> {
    return ctx.services.forwarding.list(await ctx.principal(), org, plain(page));
  }

  @Query(() => ForwardingDestination, { description: 'One forwarding destination, with its status and delivery counts' })
  async forwardingDestination(@Args() ref: DestinationRef, @Ctx() ctx: GqlContext): Promise<ForwardingDestination> {
    return ctx.services.forwarding.get(await ctx.principal(), ref.org, ref.destination_id);
  }

  @Query(() => DeliveryPage, { description: "A destination's deliveries, newest first, with their attempts" })
  async forwardingDeliveries(
    @Arg('org') org: string,
    @Arg('destination_id', () => ID) id: string,
    @Args() args: DeliveriesArgs,
    @Ctx() ctx: GqlContext,
  ): Promise<DeliveryPage> {
    return ctx.services.forwarding.listDeliveries(await ctx.principal(), org, id, plain(args));
  }

  @Mutation(() => ForwardingDestination, { description: 'auth_header_value is write-only: stored encrypted, never returned' })
  async createForwardingDestination(
    @Arg('org') org: string,
    @Arg('input') input: CreateForwardingDestinationInput,
    @Ctx() ctx: GqlContext,
  ): Promise<ForwardingDestination> {
    return ctx.services.forwarding.create(await ctx.principal(), org, plain(input));
  }

  @Mutation(() => ForwardingDestination, { description: 'Changes a forwarding destination; disabling it drops its pending deliveries' })
  async updateForwardingDestination(
    @Args() ref: DestinationRef,
    @Arg('input') input: UpdateForwardingDestinationInput,
    @Ctx() ctx: GqlContext,
  ): Promise<ForwardingDestination> {
    return ctx.services.forwarding.update(await ctx.principal(), ref.org, ref.destination_id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Deletes the destination and clears its queued events' })
  async deleteForwardingDestination(@Args() ref: DestinationRef, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.forwarding.remove(await ctx.principal(), ref.org, ref.destination_id);
    return true;
  }

  @Mutation(() => ForwardingTestResult, { description: 'Sends one synthetic event (dataset service.audit_stream.test) synchronously' })
  async testForwardingDestination(@Args() ref: DestinationRef, @Ctx() ctx: GqlContext): Promise<ForwardingTestResult> {
    return ctx.services.forwarding.test(await ctx.principal(), ref.org, ref.destination_id);
  }

  @Mutation(() => RedeliverResult, { description: 'Re-queues dead-lettered deliveries (optionally only events since a time)' })
  async redeliverForwardingDestination(
    @Args() ref: DestinationRef,
    @Arg('input', () => RedeliverInput, { nullable: true }) input: RedeliverInput | undefined,
    @Ctx() ctx: GqlContext,
  ): Promise<RedeliverResult> {
    return ctx.services.forwarding.redeliver(await ctx.principal(), ref.org, ref.destination_id, plain(input));
  }
}
