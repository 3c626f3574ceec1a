/**
 * Notices (platform spec section 8): the global error notice vanishes after 5 s, the top
 * notification (success and info messages) after 10 s. Components render `notices` (see
 * components/Notices.tsx); anything can push one. Texts are translated when rendered
 * (`translateNotice`): give a server `code`, or a message key such as `account:saveSuccessWithMail`.
 */
import { action, makeObservable, observableShallow } from 'mobx';
import { ERROR_NOTICE_MS, TOP_NOTIFICATION_MS } from '../constants.ts';

export type NoticeKind = 'error' | 'success' | 'info';

/**
 * What the error notice of a failed call says (platform spec section 8): servers unreachable (no
 * answer), "invalid request" for a 400 without an error code, else the server's code or message.
 */
export function noticeOfFailedCall(error: { readonly status: number; readonly code?: number | undefined; readonly message?: string | undefined }): { code?: number | undefined; message?: string | undefined } {
  if (error.code === undefined && error.status === 0) return { message: 'errors:error.unreachable' };
  if (error.code === undefined && error.status === 400) return { message: 'errors:error.invalidRequest' };
  return { code: error.code, message: error.message };
}

export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  /** Server error code → `errors:error.{code}`. */
  readonly code?: number | undefined;
  /** A translation key (`area:key`) or literal text. */
  readonly message?: string | undefined;
  /** Interpolation values for the key. */
  readonly params?: Readonly<Record<string, unknown>> | undefined;
}

export class NotificationStore {
  notices: Notice[] = [];
  private nextId = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor() {
    makeObservable<NotificationStore, 'remove'>(this, { notices: observableShallow, push: action, dismiss: action, remove: action });
  }

  /** Adds a notice; errors vanish after 5 s, other notices after 10 s. Returns its id. */
  push(notice: Omit<Notice, 'id'>): number {
    const id = this.nextId++;
    this.notices.push({ ...notice, id });
    const duration = notice.kind === 'error' ? ERROR_NOTICE_MS : TOP_NOTIFICATION_MS;
    this.timers.set(
      id,
      setTimeout(() => this.remove(id), duration),
    );
    return id;
  }

  error(error: { code?: number | undefined; message?: string | undefined } | string): number {
    return typeof error === 'string' ? this.push({ kind: 'error', message: error }) : this.push({ kind: 'error', code: error.code, message: error.message });
  }

  success(messageKey: string, params?: Record<string, unknown>): number {
    return this.push({ kind: 'success', message: messageKey, params });
  }

  info(messageKey: string, params?: Record<string, unknown>): number {
    return this.push({ kind: 'info', message: messageKey, params });
  }

  dismiss(id: number): void {
    this.remove(id);
  }

  private remove(id: number): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
    this.notices = this.notices.filter((notice) => notice.id !== id);
  }

  get errors(): Notice[] {
    return this.notices.filter((notice) => notice.kind === 'error');
  }

  get messages(): Notice[] {
    return this.notices.filter((notice) => notice.kind !== 'error');
  }
}
