/**
 * The read-only view of a shared project (/share/{token}; issue 19, part 3; decision 0138): loads
 * GET /Share/{token} without an account and evaluates the project file with the engine (in the
 * worker, through the app's EngineBridge). Nothing here writes: the view has no edit path.
 */
import type { Evaluation } from '@rainplan/engine';
import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, type Api } from '../api/index.ts';
import type { Branding } from '@rainplan/engine/documents';
import { loadBranding } from '../branding/branding.ts';
import type { SharedProject } from '../api/shareTypes.ts';
import type { GaebFileType } from '../api/types.ts';
import type { EngineBridge } from '../engine/client/EngineBridge.ts';

/**
 * `unknown`: no link has this token (or it is malformed); `ended`: revoked or expired;
 * `tooMany`: the rate limit answered; `failed`: anything else (offline, server error).
 */
export type SharedViewStatus = 'idle' | 'loading' | 'loaded' | 'unknown' | 'ended' | 'tooMany' | 'failed';

/** The api's share error codes (docs/api.md). */
export const SHARE_LINK_UNKNOWN = 70;
export const SHARE_LINK_ENDED = 71;

export function statusOfError(error: unknown): Exclude<SharedViewStatus, 'idle' | 'loading' | 'loaded'> {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === SHARE_LINK_ENDED || error.status === 410) return 'ended';
  if (error.code === SHARE_LINK_UNKNOWN || error.status === 404 || (error.status === 400 && error.code === 2)) return 'unknown';
  if (error.status === 429) return 'tooMany';
  return 'failed';
}

export class SharedViewStore {
  token: string | undefined = undefined;
  status: SharedViewStatus = 'idle';
  shared: SharedProject | undefined = undefined;
  evaluation: Evaluation | undefined = undefined;
  /** The engine could not evaluate the project (the data are still shown). */
  evaluationFailed = false;

  private readonly api: Api;
  private readonly bridge: EngineBridge;

  constructor(api: Api, bridge: EngineBridge) {
    this.api = api;
    this.bridge = bridge;
    makeObservable(this, {
      token: observable,
      status: observable,
      shared: observableRef,
      evaluation: observableRef,
      evaluationFailed: observable,
    });
  }

  /** Loads and evaluates the shared project of `token`. */
  async open(token: string): Promise<void> {
    runInAction(() => {
      this.token = token;
      this.status = 'loading';
      this.shared = undefined;
      this.evaluation = undefined;
      this.evaluationFailed = false;
    });
    let shared: SharedProject;
    try {
      shared = await this.api.share.get(token, { silent: true });
    } catch (error) {
      if (this.token === token) runInAction(() => (this.status = statusOfError(error)));
      return;
    }
    if (this.token !== token) return;
    runInAction(() => {
      this.shared = shared;
      this.status = 'loaded';
    });
    try {
      // as on the planner's screens: the stored waterflow already carries what linked
      // configurations wrote into their measures, so the evaluation runs without them
      const { boxConfigurations: _configurations, measureProducts: _products, ...project } = shared.file;
      const evaluation = await this.bridge.evaluate(project, { supersede: 'share-evaluate' });
      if (this.token === token) runInAction(() => (this.evaluation = evaluation));
    } catch (error) {
      console.error('the shared project could not be evaluated', error);
      if (this.token === token) runInAction(() => (this.evaluationFailed = true));
    }
  }

  close(): void {
    runInAction(() => {
      this.token = undefined;
      this.status = 'idle';
      this.shared = undefined;
      this.evaluation = undefined;
    });
  }

  /** The operator's branding for the documents (logo, sales contacts); null without one. */
  branding(): Promise<Branding | null> {
    return loadBranding(this.api);
  }

  /** The mass list of the shared project (engine data), for the download. */
  massList(groupBy: 'none' | 'measure' | 'configuration' = 'none', options: { readonly silent?: boolean } = {}): Promise<unknown> {
    if (this.token === undefined) return Promise.reject(new Error('no shared project open'));
    return this.api.share.massList(this.token, groupBy, options.silent === true ? { silent: true } : undefined);
  }

  /** The shared project's GAEB service catalogue (built by the server, as the planner's). */
  serviceCatalogue(fileType: GaebFileType): Promise<Blob> {
    if (this.token === undefined) return Promise.reject(new Error('no shared project open'));
    return this.api.share.serviceCatalogue(this.token, fileType, { silent: true });
  }
}
