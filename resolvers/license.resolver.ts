import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from './context';
import { License, LicensePublicKey, LicenseValidation } from './types/organization.types';

@Resolver(() => License)
export class LicenseResolver {
  @Query(() => [License], { description: 'An organization’s licenses; without org, every license (operator key)' })
  async licenses(@Arg('org', () => String, { nullable: true }) org: string | null, @Ctx() ctx: GqlContext): Promise<License[]> {
    const p = await ctx.principal();
    return org ? ctx.services.licenses.listForOrg(p, org) : ctx.services.licenses.listAll(p);
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
