/**
 * Organization invitations (decision 0070): joining an organization needs the invited user's
 * consent. `received` are the signed-in user's open invitations (the notice in the app and the
 * page of the e-mail link, /user/invitations/:invitationId); accepting reloads the user, whose
 * organization then changes. The owner's view of open invitations is `pending` (organization page).
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api, PendingInvitation, ReceivedInvitation } from '../api/index.ts';
import type { NotificationStore } from './NotificationStore.ts';
import type { SessionStore } from './SessionStore.ts';

export class InvitationStore {
  received: readonly ReceivedInvitation[] = [];
  /** The user `received` belongs to; undefined before the first load. */
  receivedFor: string | undefined = undefined;
  /** The last load of `received` failed. */
  receivedFailed = false;
  pending: readonly PendingInvitation[] = [];
  /** An answer or withdrawal is on its way (buttons are disabled meanwhile). */
  busy = false;

  private readonly api: Api;
  private readonly session: SessionStore;
  private readonly notifications: NotificationStore;

  constructor(api: Api, session: SessionStore, notifications: NotificationStore) {
    this.api = api;
    this.session = session;
    this.notifications = notifications;
    makeObservable(this, {
      received: observableRef,
      receivedFor: observable,
      receivedFailed: observable,
      pending: observableRef,
      busy: observable,
      clear: action,
    });
  }

  clear(): void {
    this.received = [];
    this.receivedFor = undefined;
    this.pending = [];
  }

  /** GET /User/invitations (silent: the notice is a hint, its failure shows on the page only). */
  async loadReceived(): Promise<boolean> {
    const userId = this.session.user?.id;
    if (userId === undefined) {
      this.clear();
      return false;
    }
    try {
      const received = await this.api.user.invitations({ silent: true });
      // an answer of the wrong shape counts as a failed load (the notice crashed on it)
      if (!Array.isArray(received)) throw new TypeError('invitations: not a list');
      runInAction(() => {
        this.received = received;
        this.receivedFor = userId;
        this.receivedFailed = false;
      });
      return true;
    } catch {
      runInAction(() => {
        this.receivedFor = userId;
        this.receivedFailed = true;
      });
      return false;
    }
  }

  /** POST /User/invitations/{id}/accept; the user is reloaded (now a member). */
  async accept(invitation: ReceivedInvitation): Promise<boolean> {
    return this.answer(invitation, 'accept');
  }

  /** POST /User/invitations/{id}/decline. */
  async decline(invitation: ReceivedInvitation): Promise<boolean> {
    return this.answer(invitation, 'decline');
  }

  private async answer(invitation: ReceivedInvitation, answer: 'accept' | 'decline'): Promise<boolean> {
    runInAction(() => (this.busy = true));
    try {
      if (answer === 'accept') await this.api.user.acceptInvitation(invitation.id);
      else await this.api.user.declineInvitation(invitation.id);
    } catch {
      // The error notice is shown; the list may be out of date (withdrawn, expired): reload it.
      await this.loadReceived();
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
    runInAction(() => (this.received = this.received.filter((entry) => entry.id !== invitation.id)));
    this.notifications.success(answer === 'accept' ? 'invitations:notices.accepted' : 'invitations:notices.declined', { name: invitation.organization.name });
    if (answer === 'accept') await this.session.reload();
    return true;
  }

  /** GET /Organization/{id}/invitations (owner and administrators). */
  async loadPending(organizationId: string): Promise<boolean> {
    try {
      const pending = await this.api.organization.invitations(organizationId, { silent: true });
      runInAction(() => (this.pending = pending));
      return true;
    } catch {
      runInAction(() => (this.pending = []));
      return false;
    }
  }

  /** DELETE /Organization/{id}/invitations/{invitationId}. */
  async withdraw(organizationId: string, invitationId: string): Promise<boolean> {
    runInAction(() => (this.busy = true));
    try {
      await this.api.organization.withdrawInvitation(organizationId, invitationId);
    } catch {
      await this.loadPending(organizationId);
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
    this.notifications.success('invitations:notices.withdrawn');
    await this.loadPending(organizationId);
    return true;
  }
}
