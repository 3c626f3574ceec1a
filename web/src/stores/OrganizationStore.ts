/**
 * The user's organization (platform spec sections 2 and 4). Skeleton: load; the screen engineer
 * adds create, invite, remove, rename, transfer, leave, delete (each refreshes `organization`).
 */
import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api, Organization } from '../api/index.ts';

export class OrganizationStore {
  organization: Organization | undefined = undefined;
  loading = false;

  private readonly api: Api;

  constructor(api: Api) {
    this.api = api;
    makeObservable(this, { organization: observableRef, loading: observable });
  }

  async load(id: string): Promise<void> {
    runInAction(() => (this.loading = true));
    try {
      const organization = await this.api.organization.get(id);
      runInAction(() => (this.organization = organization));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}
