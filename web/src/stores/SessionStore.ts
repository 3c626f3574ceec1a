/**
 * The signed-in user (platform spec section 4, "Login"): `GET /User` gives user and token; the
 * token becomes the client's anti-forgery header. `ensureLoaded()` is what the route guards
 * await. Status: 'unknown' before the first load, then 'signedIn' or 'signedOut'.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api, LoginPayload, PasswordChange, PasswordReset, PersonRef, ProjectSummary, ProjectTransfer, RegistrationPayload, RoleName, User, UserUpdate } from '../api/index.ts';
import type { CallOptions } from '../api/endpoints.ts';
import { PAGE_SIZE_ALL } from '../constants.ts';
import type { NotificationStore } from './NotificationStore.ts';

export type SessionStatus = 'unknown' | 'loading' | 'signedIn' | 'signedOut';

/** Outcome of saving the personal data: saved, saved with a confirmation link to a new address, or failed. */
export type SaveResult = 'saved' | 'savedWithMail' | 'failed';

/** What the delete-account dialog offers: the user's own projects and who may take them over. */
export interface DeletionPlan {
  readonly projects: readonly ProjectSummary[];
  readonly candidates: readonly PersonRef[];
}

export class SessionStore {
  user: User | undefined = undefined;
  token: string | undefined = undefined;
  status: SessionStatus = 'unknown';
  private loading: Promise<void> | undefined;

  private readonly api: Api;
  private readonly notifications: NotificationStore | undefined;

  constructor(api: Api, notifications?: NotificationStore) {
    this.api = api;
    this.notifications = notifications;
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
  async login(payload: LoginPayload, options?: CallOptions): Promise<boolean> {
    await this.api.user.login(payload, options);
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

  /** POST /User/register (with uiCulture); true when the server accepted it (the screen goes to check e-mail). */
  async register(payload: RegistrationPayload): Promise<boolean> {
    try {
      await this.api.user.register(payload);
      return true;
    } catch {
      return false;
    }
  }

  /** GET /User/confirmEmail; the screen shows success or an error headline itself (silent). */
  async confirmEmail(query: { userId: string; code: string; newEmail?: string | null }): Promise<boolean> {
    try {
      await this.api.user.confirmEmail(query.newEmail === null || query.newEmail === undefined || query.newEmail === '' ? { userId: query.userId, code: query.code } : query, { silent: true });
      if (this.isSignedIn) await this.reload();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * POST /User/forgotPassword: resolves to the server's answer message ('' when it sent none), or
   * undefined when the call failed (its notice shown). The screen shows the message as success,
   * with the hint (platform spec section 4).
   */
  async forgotPassword(email: string): Promise<string | undefined> {
    try {
      const answer = await this.api.user.forgotPassword(email.trim());
      return typeof answer?.message === 'string' ? answer.message : '';
    } catch {
      return undefined;
    }
  }

  /** GET /User/roles: the role names that can be assigned; undefined when the call failed (only logged). */
  async loadRoles(): Promise<readonly RoleName[] | undefined> {
    try {
      const roles = await this.api.user.roles({ silent: true });
      return Array.isArray(roles) ? roles : undefined;
    } catch (error) {
      console.error('roles could not be loaded', error);
      return undefined;
    }
  }

  /** POST /User/resendConfirmationEmail; notice "confirmation e-mail re-sent". */
  async resendConfirmation(email: string): Promise<boolean> {
    try {
      await this.api.user.resendConfirmationEmail(email.trim());
      this.notifications?.success('auth:notices.confirmationResent');
      return true;
    } catch {
      return false;
    }
  }

  /** POST /User/resetPassword; notice "password reset", the screen links to the login. */
  async resetPassword(payload: PasswordReset): Promise<boolean> {
    try {
      await this.api.user.resetPassword(payload);
      this.notifications?.success('auth:notices.passwordReset');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * POST /User/password. The server ends every session of the user, so the session is cleared
   * and the user signs in again with the new password (the screen navigates to the login).
   */
  async changePassword(payload: PasswordChange): Promise<boolean> {
    try {
      await this.api.user.changePassword(payload);
    } catch {
      return false;
    }
    this.notifications?.success('account:notices.passwordChanged');
    this.clear();
    return true;
  }

  /** PATCH /User: saved, or saved with a confirmation link to the new address (saveSuccessWithMail). */
  async updateProfile(update: UserUpdate): Promise<SaveResult> {
    const before = this.user?.email;
    try {
      const user = await this.api.user.update(update);
      this.setUser(user);
    } catch {
      return 'failed';
    }
    const withMail = update.email !== undefined && update.email.trim().toLowerCase() !== (before ?? '').toLowerCase();
    this.notifications?.success(withMail ? 'account:notices.saveSuccessWithMail' : 'account:notices.saved');
    return withMail ? 'savedWithMail' : 'saved';
  }

  /** The own projects (owned by the user) and the other members of the user's organization. */
  async loadDeletionPlan(): Promise<DeletionPlan | undefined> {
    const user = this.user;
    if (user === undefined) return undefined;
    try {
      const [page, organization] = await Promise.all([
        this.api.project.userProjects({ Page: 1, PageSize: PAGE_SIZE_ALL }),
        user.organization === null ? Promise.resolve(undefined) : this.api.organization.get(user.organization.id),
      ]);
      return {
        projects: page.entries.filter((project) => project.owner?.id === user.id),
        candidates: (organization?.members ?? []).filter((member) => member.id !== user.id),
      };
    } catch {
      return undefined;
    }
  }

  /**
   * Deletes the own account in one server call (DELETE /User/account with the transfers as body,
   * one transaction): the chosen projects go to other members, the rest are anonymised; a refused
   * delete hands nothing over (issue 14.4). Then signed out.
   */
  async deleteAccount(transfers: readonly ProjectTransfer[]): Promise<boolean> {
    try {
      await this.api.user.deleteAccount(transfers);
    } catch {
      return false;
    }
    this.clear();
    this.notifications?.success('account:notices.accountDeleted');
    return true;
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
