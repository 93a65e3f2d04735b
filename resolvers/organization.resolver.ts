import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { ApiKeyRef } from './types/refs.types';
import { plain } from './context';
import { PageArgs } from './types/page.types';
import {
  ApiKey,
  ApiKeyPage,
  CreateApiKeyInput,
  CreateOrganizationInput,
  CreatedOrganization,
  Organization,
  OrganizationPage,
  UpdateOrganizationInput,
} from './types/organization.types';

@Resolver(() => Organization)
export class OrganizationResolver {
  @Query(() => OrganizationPage, { description: 'Organizations, oldest first: all of them (operator) or the caller’s own' })
  async organizations(@Args() page: PageArgs, @Ctx() ctx: GqlContext): Promise<OrganizationPage> {
    return ctx.services.orgs.list(await ctx.principal(), plain(page));
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

  @Query(() => ApiKeyPage, { description: "The organization's API keys, oldest first (previews only)" })
  async apiKeys(@Arg('org') org: string, @Args() page: PageArgs, @Ctx() ctx: GqlContext): Promise<ApiKeyPage> {
    return ctx.services.apiKeys.list(await ctx.principal(), org, plain(page));
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
