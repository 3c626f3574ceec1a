/** Shapes of the share-link calls (docs/api.md, "Share links"; issue 19, part 3). */
import type { Project as EngineProject } from '@rainplan/engine';
import type { ItemType } from '@rainplan/engine/catalogue';

export type ShareLinkState = 'active' | 'revoked' | 'expired';

/** A link as the project's list shows it (never with its token). */
export interface ShareLink {
  readonly id: string;
  readonly label: string | null;
  readonly creationDate: string;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
  readonly state: ShareLinkState;
  readonly lastAccess: string | null;
  readonly accessCount: number;
}

/** The answer of creating a link: the only time its token is shown. */
export interface CreatedShareLink extends ShareLink {
  readonly token: string;
  /** The web app path of the read-only view: `/share/{token}`. */
  readonly path: string;
}

export interface ShareLinkCreation {
  readonly label?: string | null;
  /** ISO date-time; in the future, at most a year ahead; null = never expires. */
  readonly expiresAt?: string | null;
}

/** GET /Share/{token}: the project's data and its engine project file. */
export interface SharedProject {
  readonly link: { readonly label: string | null; readonly expiresAt: string | null };
  /** The name of the planner who issued the link (the report's cover), null once that account is deleted. */
  readonly planner: string | null;
  readonly project: {
    readonly name: string;
    readonly comment: string | null;
    readonly location: { readonly latitude: number; readonly longitude: number; readonly address: string | null } | null;
    readonly airPollution: string | null;
    readonly clientData: Record<string, unknown> | null;
    readonly ruleEdition: string;
    readonly usesCustomRaindata: boolean;
    readonly creationDate: string;
  };
  /** The project file as the planner downloads it (with box configurations and product lists). */
  readonly file: EngineProject;
  /** The box catalogue's item types (the report's drawings). */
  readonly itemTypes: readonly ItemType[];
}
