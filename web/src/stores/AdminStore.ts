/**
 * Administration (platform spec sections 2 and 6): user and organization lists (query
 * parameters page and perPage on the routes), one user (personal data, roles, projects, delete
 * with transfers) and one organization (a second OrganizationStore: rename, invite, transfer,
 * delete, members).
 */
import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api, Organization, PersonRef, ProjectSummary, ProjectTransfer, RoleName, User, UserUpdate } from '../api/index.ts';
import { PAGE_SIZE_ALL } from '../constants.ts';
import { ListState } from './ListState.ts';
import type { NotificationStore } from './NotificationStore.ts';
import { OrganizationStore } from './OrganizationStore.ts';
import type { DeletionPlan, SessionStore } from './SessionStore.ts';

export class AdminStore {
  readonly users: ListState<User>;
  readonly organizations: ListState<Organization>;
  /** The organization of the admin organization detail. */
  readonly organization: OrganizationStore;
  /** The user of the admin user detail. */
  user: User | undefined = undefined;
  userLoading = false;
  userFailed = false;
  /** The projects of the user of the detail (GET /Admin/{userId}/projects). */
  readonly userProjects: ListState<ProjectSummary>;
  includeOrgProjects = false;

  private readonly api: Api;
  private readonly session: SessionStore | undefined;
  private readonly notifications: NotificationStore | undefined;

  constructor(api: Api, session?: SessionStore, notifications?: NotificationStore) {
    this.api = api;
    this.session = session;
    this.notifications = notifications;
    this.users = new ListState((params) => this.api.admin.users(params), { sortByColumn: 'name', sortAscending: true });
    this.organizations = new ListState((params) => this.api.admin.organizations(params), { sortByColumn: 'name', sortAscending: true });
    this.organization = new OrganizationStore(api, session, notifications);
    this.userProjects = new ListState((params) => {
      const id = this.user?.id;
      return id === undefined ? Promise.resolve({ entries: [], totalCount: 0 }) : this.api.admin.userProjects(id, { ...params, includeOrgProjects: this.includeOrgProjects });
    });
    makeObservable(this, { user: observableRef, userLoading: observable, userFailed: observable, includeOrgProjects: observable });
  }

  /** GET /Admin/{userId}, then that user's projects. */
  async loadUser(userId: string): Promise<boolean> {
    runInAction(() => {
      this.userLoading = true;
      this.userFailed = false;
      if (this.user?.id !== userId) this.user = undefined;
    });
    try {
      const user = await this.api.admin.getUser(userId);
      runInAction(() => (this.user = user));
    } catch {
      runInAction(() => (this.userFailed = true));
      return false;
    } finally {
      runInAction(() => (this.userLoading = false));
    }
    await this.userProjects.setQuery({ page: 1 }).catch(() => undefined);
    return true;
  }

  setIncludeOrgProjects(value: boolean): Promise<void> {
    runInAction(() => (this.includeOrgProjects = value));
    return this.userProjects.setQuery({ page: 1 }).catch(() => undefined);
  }

  /** PATCH /Admin/{userId}/edit (a new address applies at once). */
  async saveUser(userId: string, update: UserUpdate): Promise<boolean> {
    try {
      const user = await this.api.admin.editUser(userId, update);
      runInAction(() => (this.user = user));
    } catch {
      return false;
    }
    this.notifications?.success('admin:notices.saved');
    if (userId === this.session?.user?.id) await this.session.reload();
    return true;
  }

  /** PUT /Admin/{userId}/roles with every role the user shall have. */
  async setRoles(userId: string, roles: readonly RoleName[]): Promise<boolean> {
    try {
      const answer = await this.api.admin.setRoles(userId, roles);
      if ('id' in answer) runInAction(() => (this.user = answer));
      else runInAction(() => this.user !== undefined && (this.user = { ...this.user, roles }));
    } catch {
      return false;
    }
    this.notifications?.success('admin:notices.rolesUpdated');
    if (userId === this.session?.user?.id) await this.session.reload();
    return true;
  }

  /** The user's own projects and every other user (an administrator may give projects to anyone). */
  async loadDeletionPlan(userId: string): Promise<DeletionPlan | undefined> {
    try {
      const [projects, users] = await Promise.all([
        this.api.admin.userProjects(userId, { Page: 1, PageSize: PAGE_SIZE_ALL, includeOrgProjects: false }),
        this.api.admin.users({ Page: 1, PageSize: PAGE_SIZE_ALL, SortByColumn: 'name', SortAscending: true }),
      ]);
      const candidates: PersonRef[] = users.entries.filter((user) => user.id !== userId).map((user) => ({ id: user.id, name: user.name, email: user.email }));
      return { projects: projects.entries, candidates };
    } catch {
      return undefined;
    }
  }

  /** Every user but `userId`, as candidates to take over that user's projects (administrators may give projects to anyone). */
  async loadTransferCandidates(userId: string): Promise<PersonRef[] | undefined> {
    try {
      const users = await this.api.admin.users({ Page: 1, PageSize: PAGE_SIZE_ALL, SortByColumn: 'name', SortAscending: true });
      return users.entries.filter((user) => user.id !== userId).map((user) => ({ id: user.id, name: user.name, email: user.email }));
    } catch {
      return undefined;
    }
  }

  /**
   * POST /Admin/{userId}/transferProjects from the user detail (not only while deleting): the
   * projects go to the chosen users; the detail's project list reloads.
   */
  async transferProjects(userId: string, transfers: readonly ProjectTransfer[]): Promise<boolean> {
    if (transfers.length === 0) return false;
    try {
      await this.api.admin.transferProjects(userId, transfers);
    } catch {
      return false;
    }
    this.notifications?.success('admin:notices.projectsTransferred');
    await this.userProjects.load().catch(() => undefined);
    return true;
  }

  /** DELETE /Project/{id}: an administrator may delete any project; the detail's list loses it (its page shrinks when it lay beyond the last). */
  async deleteProject(projectId: string): Promise<boolean> {
    try {
      await this.api.project.delete(projectId);
    } catch {
      return false;
    }
    this.notifications?.success('admin:notices.projectDeleted');
    await this.userProjects.reloadAfterDelete().catch(() => undefined);
    return true;
  }

  /** DELETE /Admin/{userId}/account with the chosen transfers as body: one call, one transaction (issue 14.4). */
  async deleteUser(userId: string, transfers: readonly ProjectTransfer[]): Promise<boolean> {
    try {
      await this.api.admin.deleteAccount(userId, transfers);
    } catch {
      return false;
    }
    this.notifications?.success('admin:notices.userDeleted');
    if (this.user?.id === userId) runInAction(() => (this.user = undefined));
    if (userId === this.session?.user?.id) this.session.clear();
    else if (this.users.loaded) await this.users.reloadAfterDelete().catch(() => undefined);
    return true;
  }

  /** DELETE /Organization/{id} from the list. */
  async deleteOrganization(id: string): Promise<boolean> {
    try {
      await this.api.organization.delete(id);
    } catch {
      return false;
    }
    this.notifications?.success('organization:notices.deleted');
    if (this.session?.user?.organization?.id === id) await this.session.reload();
    await this.organizations.reloadAfterDelete().catch(() => undefined);
    return true;
  }
}
