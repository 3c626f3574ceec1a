/**
 * The signed-in user (platform spec section 4, "Login"): `GET /User` gives user and token; the
 * token becomes the client's anti-forgery header. `ensureLoaded()` is what the route guards
 * await. Status: 'unknown' before the first load, then 'signedIn' or 'signedOut'.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api, LoginPayload, User } from '../api/index.ts';

export type SessionStatus = 'unknown' | 'loading' | 'signedIn' | 'signedOut';

export class SessionStore {
  user: User | undefined = undefined;
  token: string | undefined = undefined;
  status: SessionStatus = 'unknown';
  private loading: Promise<void> | undefined;

  private readonly api: Api;

  constructor(api: Api) {
    this.api = api;
    makeObservable<SessionStore, 'apply'>(this, {
      user: observableRef,
      token: observable,
      status: observable,
      isSignedIn: computed,
      isAdmin: computed,
      isInternal: computed,
      roles: computed,
      isOrganizationOwner: computed,
      apply: action,
      clear: action,
    });
  }

  get isSignedIn(): boolean {
    return this.status === 'signedIn' && this.user !== undefined;
  }

  get roles(): readonly string[] {
    return this.user?.roles ?? [];
  }

  get isAdmin(): boolean {
    return this.user?.isAdmin ?? false;
  }

  get isInternal(): boolean {
    return this.user?.isInternal ?? false;
  }

  /** The user owns their organization (sees the organization menu entry). */
  get isOrganizationOwner(): boolean {
    const organization = this.user?.organization;
    return organization !== null && organization !== undefined && organization.owner.id === this.user?.id;
  }

  /** Loads the session once (guards await this); later calls reuse the first load. */
  ensureLoaded(): Promise<void> {
    if (this.status === 'signedIn' || this.status === 'signedOut') return Promise.resolve();
    return this.reload();
  }

  /** `GET /User`: signed in with user and token, or signed out (401 is not an error notice). */
  reload(): Promise<void> {
    this.loading ??= (async () => {
      runInAction(() => {
        if (this.status === 'unknown') this.status = 'loading';
      });
      try {
        const session = await this.api.user.get({ silent: true });
        this.apply(session.user, session.token);
      } catch {
        this.clear();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /**
   * `POST /User/login`, then the user info. Rejects with the API error when the credentials are
   * refused; resolves to false when the login passed but the user info could not be loaded (the
   * login screen then sends the user to /error, spec section 4).
   */
  async login(payload: LoginPayload): Promise<boolean> {
    await this.api.user.login(payload);
    await this.reload();
    return this.isSignedIn;
  }

  /** `POST /User/logout`; the session is cleared even when the call fails. */
  async logout(): Promise<void> {
    try {
      await this.api.user.logout({ silent: true });
    } finally {
      this.clear();
    }
  }

  /** Replaces the user after an update (PATCH /User answers the user). */
  setUser(user: User): void {
    this.apply(user, this.token ?? '');
  }

  private apply(user: User, token: string): void {
    this.user = user;
    this.token = token;
    this.status = 'signedIn';
    this.api.http.setToken(token);
  }

  clear(): void {
    this.user = undefined;
    this.token = undefined;
    this.status = 'signedOut';
    this.api.http.setToken(undefined);
  }
}
