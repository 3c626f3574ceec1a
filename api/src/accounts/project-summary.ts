import type { Project } from '../db/entities/project.ts';
import type { User } from '../db/entities/user.ts';
import type { ProjectSummary } from '../schemas/admin.ts';

type Person = Pick<User, 'id' | 'name'>;

/** The fields of a project a list entry shows: an entity with `creator` and `owner` loaded, or a list row. */
export type SummarySource = Pick<Project, 'id' | 'name' | 'creationDate' | 'address' | 'comment' | 'supportState'> & {
  readonly creator?: Person | null | undefined;
  readonly owner?: Person | null | undefined;
};

/** A project as a list entry (spec section 3). */
export function toProjectSummary(project: SummarySource, userId: string): ProjectSummary {
  const person = (user: Person | null | undefined) => (user === null || user === undefined ? null : { id: user.id, name: user.name });
  return {
    projectId: project.id,
    name: project.name,
    creationDate: project.creationDate.toISOString(),
    creator: person(project.creator),
    owner: person(project.owner),
    address: project.address ?? null,
    comment: project.comment ?? null,
    isUserProject: project.owner?.id === userId,
    state: project.supportState,
  };
}
