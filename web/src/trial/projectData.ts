/** Engine project data ↔ the values of (b)'s ProjectForm, for the trial project's data screen. */
import type { ProjectData } from '@rainplan/engine';
import { valuesOf, type ProjectFormValues } from '../routes/project/ProjectForm.tsx';

/** The form's values of the trial project's data. */
export function valuesOfProjectData(data: ProjectData): ProjectFormValues {
  return valuesOf(data);
}

export function projectDataOf(v: ProjectFormValues): ProjectData {
  const text = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const client = Object.fromEntries(Object.entries({ ...v.client, formOfAddress: v.client.formOfAddress === 'NONE' ? undefined : v.client.formOfAddress }).filter(([, x]) => typeof x === 'string' && x.trim() !== ''));
  const address = text(v.address);
  return {
    name: v.name.trim(),
    ...(text(v.comment) === undefined ? {} : { comment: v.comment.trim() }),
    location: { latitude: v.latitude, longitude: v.longitude, ...(address === undefined ? {} : { address }) },
    ...(v.airPollution === null ? {} : { airPollution: v.airPollution }),
    ...(Object.keys(client).length === 0 ? {} : { clientData: client }),
    ruleEdition: v.ruleEdition,
  };
}
