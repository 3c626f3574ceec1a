/**
 * Administration (platform spec sections 2 and 6): user and organization lists (query
 * parameters page and perPage on the routes). Skeleton: the screen engineer adds details, roles,
 * delete and transfers.
 */
import type { Api, Organization, User } from '../api/index.ts';
import { ListState } from './ListState.ts';

export class AdminStore {
  readonly users: ListState<User>;
  readonly organizations: ListState<Organization>;

  private readonly api: Api;

  constructor(api: Api) {
    this.api = api;
    this.users = new ListState((params) => this.api.admin.users(params), { sortByColumn: 'name', sortAscending: true });
    this.organizations = new ListState((params) => this.api.admin.organizations(params), { sortByColumn: 'name', sortAscending: true });
  }
}
