/** Engine project data ↔ the values of (b)'s ProjectForm, for the trial project's data screen. */
import type { ProjectData } from '@rainplan/engine';
import { emptyValues, type ProjectFormValues } from '../routes/project/ProjectForm.tsx';

export function valuesOfProjectData(data: ProjectData): ProjectFormValues {
  const empty = emptyValues();
  const c = data.clientData ?? {};
  return {
    ...empty,
    name: data.name,
    address: data.location?.address ?? '',
    latitude: data.location?.latitude ?? empty.latitude,
    longitude: data.location?.longitude ?? empty.longitude,
    airPollution: data.airPollution ?? null,
    ruleEdition: data.ruleEdition ?? empty.ruleEdition,
    comment: data.comment ?? '',
    client: {
      formOfAddress: c.formOfAddress ?? 'NONE',
      name: c.name ?? '',
      street: c.street ?? '',
      streetNo: c.streetNo ?? '',
      zipCode: c.zipCode ?? '',
      city: c.city ?? '',
    },
  };
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
