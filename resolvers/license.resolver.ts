import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { plain } from './context';
import { PageArgs } from './types/page.types';
import { License, LicensePage, LicensePublicKey, LicenseValidation } from './types/organization.types';

@Resolver(() => License)
export class LicenseResolver {
  @Query(() => LicensePage, { description: 'An organization’s licenses, oldest first; without org, every license (operator key)' })
  async licenses(
    @Arg('org', () => String, { nullable: true }) org: string | null,
    @Args() page: PageArgs,
    @Ctx() ctx: GqlContext,
  ): Promise<LicensePage> {
    return ctx.services.licenses.list(await ctx.principal(), org ?? undefined, plain(page));
  }

  @Query(() => LicenseValidation, { description: 'Validate the license key sent as the bearer credential' })
  async validateLicense(@Ctx() ctx: GqlContext): Promise<LicenseValidation> {
    return ctx.once('validateLicense', async () => ctx.services.licenses.validate(await ctx.principal()));
  }

  @Query(() => LicensePublicKey, { description: 'The key that verifies license tokens (no credential needed)' })
  licensePublicKey(@Ctx() ctx: GqlContext): LicensePublicKey {
    return ctx.services.licenses.publicKey();
  }

  @Mutation(() => Boolean, { description: 'Operator key: revoke a license and deactivate its organization’s policies' })
  async revokeLicense(@Arg('license_id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.licenses.revoke(await ctx.principal(), id);
    return true;
  }
}
