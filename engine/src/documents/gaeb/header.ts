/**
 * What both GAEB writers put in a file's head besides the bill of quantities: project, client,
 * date, the labels of the bill in its language.
 */
import type { Project } from '../../model/project.ts';
import { GaebError } from './types.ts';

/** The client (Auftraggeber) as the project file has it; every field optional. */
export interface GaebClient {
  readonly name?: string | null | undefined;
  readonly street?: string | null | undefined;
  readonly streetNo?: string | null | undefined;
  readonly zipCode?: string | null | undefined;
  readonly city?: string | null | undefined;
}

export interface GaebHeader {
  readonly projectName: string;
  /** The site's address, when known. */
  readonly projectAddress?: string | null | undefined;
  readonly client?: GaebClient | null | undefined;
  /** Date of the file, ISO `YYYY-MM-DD` (the caller's today: the engine reads no clock). */
  readonly date: string;
}

/** The header of a project's file. */
export function headerOf(project: Project, date: string): GaebHeader {
  return {
    projectName: project.project.name,
    projectAddress: project.project.location?.address ?? null,
    client: project.project.clientData ?? null,
    date,
  };
}

/** Checks an ISO date `YYYY-MM-DD` (a real calendar day); throws GAEB_INVALID_ARGUMENT. */
export function checkDate(date: string): { readonly year: string; readonly month: string; readonly day: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const d = m === null ? undefined : new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (m === null || d === undefined || d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new GaebError('GAEB_INVALID_ARGUMENT', `date must be a calendar day YYYY-MM-DD, got ${JSON.stringify(date).slice(0, 40)}`);
  }
  return { year: m[1]!, month: m[2]!, day: m[3]! };
}

/** Collapses whitespace and trims (GAEB's normalized strings). */
export const normalize = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** The first `max` characters (code points) of a text, and whether it was cut. */
export function cut(text: string, max: number): { readonly text: string; readonly cut: boolean } {
  const chars = [...text];
  return chars.length <= max ? { text, cut: false } : { text: chars.slice(0, max).join('').replace(/[\s,;:]+$/, ''), cut: true };
}
