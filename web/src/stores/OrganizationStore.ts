/**
 * One organization (platform spec sections 2 and 4): the user's own (account and organization
 * pages) or, for administrators, any (admin organization detail: AdminStore owns a second
 * instance). Inviting, removing, renaming and changing the owner each refresh `organization`;
 * changing the owner to or from the signed-in user, creating, leaving and deleting reload the user.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api, InviteResult, Organization, PersonRef } from '../api/index.ts';
import { ListState } from './ListState.ts';
import type { NotificationStore } from './NotificationStore.ts';
import type { SessionStore } from './SessionStore.ts';

export class OrganizationStore {
  organization: Organization | undefined = undefined;
  loading = false;
  /** The last load failed (the organization page then goes to /error). */
  failed = false;
  /**
   * The members table's page (GET /Organization/{id}/members: page 1, page size 10 by default;
   * ordered by name). Reloaded with every load of the organization.
   */
  readonly memberPage: ListState<PersonRef>;
  /** The last load of `memberPage` failed: the table shows the organization's member list instead. */
  memberPageFailed = false;

  private readonly api: Api;
  private readonly session: SessionStore | undefined;
  private readonly notifications: NotificationStore | undefined;

  constructor(api: Api, session?: SessionStore, notifications?: NotificationStore) {
    this.api = api;
    this.session = session;
    this.notifications = notifications;
    this.memberPage = new ListState<PersonRef>(
      (params) => {
        const id = this.organization?.id;
        if (id === undefined) return Promise.resolve({ entries: [], totalCount: 0 });
        const pageSize = typeof params.PageSize === 'number' ? params.PageSize : 10;
        return this.api.organization.members(id, params.Page ?? 1, pageSize, { silent: true });
      },
      { sortByColumn: 'name', sortAscending: true },
    );
    makeObservable(this, {
      organization: observableRef,
      loading: observable,
      failed: observable,
      memberPageFailed: observable,
      transferCandidates: computed,
      clear: action,
    });
  }

  /** Members except the current owner (spec section 4); transfer needs at least one. */
  get transferCandidates(): readonly PersonRef[] {
    const organization = this.organization;
    return organization === undefined ? [] : organization.members.filter((member) => member.id !== organization.owner.id);
  }

  clear(): void {
    this.organization = undefined;
    this.failed = false;
  }

  /** GET /Organization/{id}; resolves to false (and `failed`) when it could not be loaded. */
  async load(id: string, options: { silent?: boolean } = {}): Promise<boolean> {
    runInAction(() => {
      this.loading = true;
      if (this.organization?.id !== id) this.organization = undefined;
    });
    try {
      const organization = await this.api.organization.get(id, options);
      const samePage = this.memberPage.loaded && this.organization?.id === organization.id;
      runInAction(() => {
        this.organization = organization;
        this.failed = false;
      });
      void this.loadMemberPage(samePage ? {} : { page: 1 });
      return true;
    } catch {
      runInAction(() => (this.failed = true));
      return false;
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Loads the members table's page (a changed page or page size, or a refresh). */
  async loadMemberPage(change: { page?: number; pageSize?: number } = {}): Promise<void> {
    try {
      await this.memberPage.setQuery(change);
      runInAction(() => (this.memberPageFailed = false));
    } catch (error) {
      console.error('organization members could not be loaded', error);
      runInAction(() => (this.memberPageFailed = true));
    }
  }

  /** Reloads the signed-in user, then the user's organization (or clears it). */
  async loadOwn(): Promise<boolean> {
    const organizationId = this.session?.user?.organization?.id;
    if (organizationId === undefined) {
      this.clear();
      return true;
    }
    return this.load(organizationId, { silent: true });
  }

  /** POST /Organization; then the user is reloaded (the screen goes to /user/organization). */
  async create(name: string): Promise<boolean> {
    try {
      const organization = await this.api.organization.create(name.trim());
      runInAction(() => (this.organization = organization));
    } catch {
      return false;
    }
    await this.session?.reload();
    this.notifications?.success('organization:notices.created');
    return true;
  }

  /** PUT /Organization/{id}/members; notice with the number added, or organizationMemberCouldNotBeInvited. */
  async invite(emails: readonly string[]): Promise<InviteResult | undefined> {
    const id = this.organization?.id;
    if (id === undefined) return undefined;
    let result: InviteResult;
    try {
      result = await this.api.organization.invite(id, emails);
    } catch {
      return undefined;
    }
    if (result.addedMemberCount > 0) this.notifications?.success('organization:notices.organizationMemberInvited', { count: result.addedMemberCount });
    else this.notifications?.error({ message: 'organization:notices.organizationMemberCouldNotBeInvited' });
    await this.refresh();
    return result;
  }

  /** DELETE /Organization/{id}/member/{userId} (the owner cannot be removed: code 33). */
  async removeMember(userId: string): Promise<boolean> {
    const id = this.organization?.id;
    if (id === undefined) return false;
    try {
      await this.api.organization.removeMember(id, userId);
    } catch {
      return false;
    }
    this.notifications?.success('organization:notices.memberRemoved');
    if (userId === this.session?.user?.id) await this.session.reload();
    await this.refresh();
    return true;
  }

  /** PATCH /Organization/{id}. */
  async rename(name: string): Promise<boolean> {
    const id = this.organization?.id;
    if (id === undefined) return false;
    try {
      const organization = await this.api.organization.rename(id, name.trim());
      runInAction(() => (this.organization = organization));
    } catch {
      return false;
    }
    this.notifications?.success('organization:notices.renamed');
    if (this.session?.user?.organization?.id === id) await this.session.reload();
    return true;
  }

  /** PUT /Organization/{id}/owner/{newOwnerId}; the user is reloaded when the owner changes to or from them. */
  async changeOwner(newOwnerId: string): Promise<boolean> {
    const organization = this.organization;
    if (organization === undefined) return false;
    const me = this.session?.user?.id;
    const involvesMe = me !== undefined && (organization.owner.id === me || newOwnerId === me);
    try {
      const updated = await this.api.organization.changeOwner(organization.id, newOwnerId);
      runInAction(() => (this.organization = updated));
    } catch {
      return false;
    }
    this.notifications?.success('organization:notices.transferred');
    if (involvesMe) await this.session?.reload();
    await this.refresh();
    return true;
  }

  /** DELETE /User/leaveOrganization (the owner gets code 33); then the user is reloaded. */
  async leave(): Promise<boolean> {
    try {
      await this.api.user.leaveOrganization();
    } catch {
      return false;
    }
    this.notifications?.success('organization:notices.left');
    this.clear();
    await this.session?.reload();
    return true;
  }

  /** DELETE /Organization/{id}; the members leave; the user is reloaded when it was theirs. */
  async delete(): Promise<boolean> {
    const id = this.organization?.id;
    if (id === undefined) return false;
    try {
      await this.api.organization.delete(id);
    } catch {
      return false;
    }
    this.notifications?.success('organization:notices.deleted');
    this.clear();
    if (this.session?.user?.organization?.id === id) await this.session.reload();
    return true;
  }

  private async refresh(): Promise<void> {
    const id = this.organization?.id;
    if (id !== undefined) await this.load(id);
  }
}
