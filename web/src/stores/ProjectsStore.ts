/**
 * Project lists (platform spec section 2): the user's projects and, for internal users, the
 * support projects; default sort creationDate descending, first page; search on column name.
 * Actions of the list rows: clone (new version), delete, support state.
 */
import { action, makeObservable, observable } from 'mobx';
import type { Api, ProjectSummary, SupportProjectEntry, SupportState, User } from '../api/index.ts';
import { ListState } from './ListState.ts';
import type { NotificationStore } from './NotificationStore.ts';

/** Delete is allowed to the creator, the owner and administrators (spec section 6). */
export function mayDeleteProject(project: Pick<ProjectSummary, 'creator' | 'owner'>, user: User | undefined): boolean {
  if (user === undefined) return false;
  return user.isAdmin || project.creator?.id === user.id || project.owner?.id === user.id;
}

/**
 * Whether the user may request or close support on a project (as the server decides): creator,
 * owner and administrators; internal staff only while support is open.
 */
export function mayChangeSupport(project: Pick<ProjectSummary, 'creator' | 'owner' | 'state'>, user: User | undefined): boolean {
  if (user === undefined) return false;
  return mayDeleteProject(project, user) || (user.isInternal && project.state === 'OPEN');
}

export class ProjectsStore {
  readonly userProjects: ListState<ProjectSummary>;
  readonly supportProjects: ListState<SupportProjectEntry>;
  /** Id of the project being cloned (progress dialog "new version"). */
  cloning: string | undefined = undefined;

  private readonly api: Api;
  private readonly notifications: NotificationStore | undefined;

  constructor(api: Api, notifications?: NotificationStore) {
    this.api = api;
    this.notifications = notifications;
    this.userProjects = new ListState((params) => this.api.project.userProjects(params), { searchInColumn: 'name' });
    this.supportProjects = new ListState((params) => this.api.project.supportProjects(params), { searchInColumn: 'name' });
    makeObservable(this, { cloning: observable, clone: action });
  }

  /**
   * New version: POST /Project/{id}/clone (api extension, one transaction). Resolves to the new id;
   * a failed clone shows an error notice (issue 14.3; the spec's "silently ignored" left the user
   * guessing) and resolves to undefined. The list reloads.
   */
  async clone(projectId: string): Promise<string | undefined> {
    this.cloning = projectId;
    try {
      const id = await this.api.project.clone(projectId, undefined, { silent: true });
      this.notifications?.success('projects:list.copied');
      await this.userProjects.load().catch(() => undefined);
      return id;
    } catch (error) {
      // shown, not silent (issue 14.3): the user can try again
      console.error('project could not be cloned', error);
      this.notifications?.error({ message: 'projects:list.cloneFailed' });
      return undefined;
    } finally {
      this.endClone();
    }
  }

  private endClone(): void {
    action(() => (this.cloning = undefined))();
  }

  /** DELETE /Project/{id}; then the page steps back if it would lie beyond the last, and the list reloads. */
  async delete(projectId: string): Promise<boolean> {
    try {
      await this.api.project.delete(projectId);
    } catch {
      return false;
    }
    this.notifications?.success('projects:list.deleted');
    await this.userProjects.reloadAfterDelete().catch(() => undefined);
    return true;
  }

  /** PUT /Project/{id}/supportState: request (OPEN) or close (CLOSED) support; reloads the list it came from. */
  async setSupportState(projectId: string, state: SupportState, list: 'user' | 'support' = 'user'): Promise<boolean> {
    try {
      await this.api.project.setSupportState(projectId, state);
    } catch {
      return false;
    }
    this.notifications?.success(state === 'OPEN' ? 'projects:support.requested' : 'projects:support.closed');
    if (list === 'support') await this.supportProjects.reloadAfterDelete().catch(() => undefined);
    else await this.userProjects.load().catch(() => undefined);
    return true;
  }
}
