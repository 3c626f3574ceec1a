import type { Project } from '../db/entities/project.ts';
import type { User } from '../db/entities/user.ts';
import type { ProjectSummary } from '../schemas/admin.ts';

/** A project as a list entry (spec section 3); `creator` and `owner` must be loaded. */
export function toProjectSummary(project: Project, userId: string): ProjectSummary {
  const person = (user: User | null | undefined) => (user === null || user === undefined ? null : { id: user.id, name: user.name });
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
