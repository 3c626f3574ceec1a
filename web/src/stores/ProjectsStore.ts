/**
 * Project lists (platform spec section 2): the user's projects and, for internal users, the
 * support projects; default sort creationDate descending, first page; search on column name.
 * Skeleton: the screen engineer adds clone, delete, support-state actions here.
 */
import type { Api, ProjectSummary, SupportProjectEntry } from '../api/index.ts';
import { ListState } from './ListState.ts';

export class ProjectsStore {
  readonly userProjects: ListState<ProjectSummary>;
  readonly supportProjects: ListState<SupportProjectEntry>;

  private readonly api: Api;

  constructor(api: Api) {
    this.api = api;
    this.userProjects = new ListState((params) => this.api.project.userProjects(params), { searchInColumn: 'name' });
    this.supportProjects = new ListState((params) => this.api.project.supportProjects(params), { searchInColumn: 'name' });
  }
}
