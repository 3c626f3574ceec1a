/**
 * A project's read-only share links as its owner manages them (issue 19, part 3; decision 0138):
 * the list (never with tokens), creating one (its URL is kept here until the dialog closes: the
 * only time it can be shown) and revoking. Failures show the api's error notice (the client's
 * default) and leave the list as it was.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api } from '../api/index.ts';
import type { CreatedShareLink, ShareLink } from '../api/shareTypes.ts';

export type ShareLinksStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The end of the chosen day (local time) as an ISO date-time: a link "until 31 March" works all that day. */
export function endOfDay(date: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return undefined;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

/** The web app's URL of a link path (`/share/{token}`) at `origin`. */
export function shareUrl(path: string, origin: string): string {
  return `${origin.replace(/\/$/, '')}${path}`;
}

export class ShareLinksStore {
  projectId: string | undefined = undefined;
  links: readonly ShareLink[] = [];
  status: ShareLinksStatus = 'idle';
  creating = false;
  /** The link just created, with its token: shown once, forgotten when the dialog closes. */
  created: CreatedShareLink | undefined = undefined;
  /** Ids of links being revoked. */
  revoking: ReadonlySet<string> = new Set();

  private readonly api: Api;

  constructor(api: Api) {
    this.api = api;
    makeObservable(this, {
      projectId: observable,
      links: observableRef,
      status: observable,
      creating: observable,
      created: observableRef,
      revoking: observableRef,
      forgetCreated: action,
    });
  }

  /** GET /Project/{id}/shareLinks; the previous project's links are dropped at once. */
  async load(projectId: string): Promise<boolean> {
    runInAction(() => {
      if (this.projectId !== projectId) {
        this.links = [];
        this.created = undefined;
      }
      this.projectId = projectId;
      this.status = 'loading';
    });
    try {
      const links = await this.api.share.links(projectId);
      if (this.projectId !== projectId) return false;
      runInAction(() => {
        this.links = links;
        this.status = 'loaded';
      });
      return true;
    } catch {
      if (this.projectId === projectId) runInAction(() => (this.status = 'failed'));
      return false;
    }
  }

  /** Creates a link (label and expiry optional); resolves to it (with its token) or undefined on failure. */
  async create(projectId: string, input: { label?: string; expiresAt?: string | undefined }): Promise<CreatedShareLink | undefined> {
    runInAction(() => (this.creating = true));
    try {
      const label = input.label?.trim() ?? '';
      const created = await this.api.share.create(projectId, { label: label === '' ? null : label, expiresAt: input.expiresAt ?? null });
      runInAction(() => {
        if (this.projectId === projectId) {
          this.created = created;
          const { token: _token, path: _path, ...listed } = created;
          this.links = [listed, ...this.links];
        }
      });
      return created;
    } catch {
      return undefined;
    } finally {
      runInAction(() => (this.creating = false));
    }
  }

  /** Revokes a link; the list shows it as revoked. */
  async revoke(projectId: string, id: string): Promise<boolean> {
    runInAction(() => (this.revoking = new Set([...this.revoking, id])));
    try {
      const revoked = await this.api.share.revoke(projectId, id);
      runInAction(() => {
        if (this.projectId === projectId) this.links = this.links.map((link) => (link.id === id ? revoked : link));
        if (this.created?.id === id) this.created = undefined;
      });
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => {
        const next = new Set(this.revoking);
        next.delete(id);
        this.revoking = next;
      });
    }
  }

  forgetCreated(): void {
    this.created = undefined;
  }
}
