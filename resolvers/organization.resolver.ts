import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { ApiKeyRef } from './types/refs.types';
import { plain } from './context';
import {
  ApiKey,
  CreateApiKeyInput,
  CreateOrganizationInput,
  CreatedOrganization,
  Organization,
  UpdateOrganizationInput,
} from './types/organization.types';

@Resolver(() => Organization)
export class OrganizationResolver {
  @Query(() => [Organization], { description: 'All organizations (operator) or the caller’s own' })
  async organizations(@Ctx() ctx: GqlContext): Promise<Organization[]> {
    return ctx.services.orgs.list(await ctx.principal());
  }

  @Query(() => Organization, { description: 'One organization by id or slug' })
  async organization(@Arg('org') org: string, @Ctx() ctx: GqlContext): Promise<Organization> {
    return ctx.services.orgs.get(await ctx.principal(), org);
  }

  @Mutation(() => CreatedOrganization, { description: 'Operator key: create an organization and its trial license' })
  async createOrganization(@Arg('input') input: CreateOrganizationInput, @Ctx() ctx: GqlContext): Promise<CreatedOrganization> {
    return ctx.services.orgs.create(await ctx.principal(), plain(input));
  }

  @Mutation(() => Organization, { description: 'Changes an organization' })
  async updateOrganization(
    @Arg('org') org: string,
    @Arg('input') input: UpdateOrganizationInput,
    @Ctx() ctx: GqlContext,
  ): Promise<Organization> {
    return ctx.services.orgs.update(await ctx.principal(), org, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Operator key: delete an organization and everything it owns' })
  async deleteOrganization(@Arg('org') org: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.orgs.remove(await ctx.principal(), org);
    return true;
  }

  @Query(() => [ApiKey], { description: "The organization's API keys (previews only)" })
  async apiKeys(@Arg('org') org: string, @Ctx() ctx: GqlContext): Promise<ApiKey[]> {
    return ctx.services.apiKeys.list(await ctx.principal(), org);
  }

  @Mutation(() => ApiKey, { description: 'The full key is in this result only' })
  async createApiKey(@Arg('org') org: string, @Arg('input') input: CreateApiKeyInput, @Ctx() ctx: GqlContext): Promise<ApiKey> {
    return ctx.services.apiKeys.create(await ctx.principal(), org, plain(input));
  }

  @Mutation(() => ApiKey, { description: 'The new key is in this result only' })
  async rotateApiKey(@Args() ref: ApiKeyRef, @Ctx() ctx: GqlContext): Promise<ApiKey> {
    return ctx.services.apiKeys.rotate(await ctx.principal(), ref.org, ref.key_id);
  }

  @Mutation(() => Boolean, { description: 'Revokes an API key at once; true when done' })
  async revokeApiKey(@Args() ref: ApiKeyRef, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.apiKeys.revoke(await ctx.principal(), ref.org, ref.key_id);
    return true;
  }
}
