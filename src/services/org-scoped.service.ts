import type { FindManyOptions, Repository } from 'typeorm';
import type { ServiceDeps } from './deps';
import type { OrganizationService } from './organization.service';
import { findPage, mapPage, type Page, type PageRequest } from './paging';
import type { Principal } from './principal';

/** A service of things that belong to one organization (API keys, policies): the caller's reach is checked by `orgs.resolve`. */
export abstract class OrgScopedService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly orgs: OrganizationService,
  ) {}

  /** One page of the organization's rows in `repo`, oldest first, as views, once the caller may see the organization. */
  protected async pageOf<E extends { orgId: string; createdAt: Date; id: string }, V>(
    p: Principal,
    org: string,
    repo: Repository<E>,
    page: PageRequest,
    view: (row: E) => V,
  ): Promise<Page<V>> {
    const o = await this.orgs.resolve(p, org);
    // TypeORM's FindOptionsWhere<E> cannot be resolved over a generic E; the bound on E is what
    // makes these columns exist.
    const options = { where: { orgId: o.id }, order: { createdAt: 'ASC', id: 'ASC' } } as FindManyOptions<E>;
    return mapPage(await findPage(repo, options, page), view);
  }
}
