/** Projects as the api shows them (platform spec section 3). */
import type { Project } from '../db/entities/project.ts';
import type { User } from '../db/entities/user.ts';
import type { ProjectDetail } from '../schemas/project.ts';

const person = (user: User | null | undefined) => (user === null || user === undefined ? null : { id: user.id, name: user.name });

/** The project detail; `creator` and `owner` must be loaded. */
export function toProjectDetail(project: Project, userId: string): ProjectDetail {
  return {
    id: project.id,
    name: project.name,
    comment: project.comment ?? null,
    location:
      project.latitude == null || project.longitude == null
        ? null
        : { latitude: Number(project.latitude), longitude: Number(project.longitude), address: project.address ?? null },
    airPollution: project.airPollution ?? null,
    clientData: project.clientData ?? null,
    usesCustomRaindata: project.customRainData != null,
    ruleEdition: project.ruleEdition,
    state: project.supportState,
    supportRequestDate: project.supportRequestDate?.toISOString() ?? null,
    creationDate: project.creationDate.toISOString(),
    creator: person(project.creator),
    owner: person(project.owner),
    isUserProject: project.owner?.id === userId,
  };
}

/** Client data with blank texts removed (null and "" mean "not set"). */
export function cleanClientData(data: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (data === null || data === undefined) return null;
  const entries = Object.entries(data).filter(([, v]) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === ''));
  return entries.length === 0 ? null : Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
}
