/**
 * Route guards (platform spec sections 2 and 6), used as loaders in routes.tsx. Each awaits the
 * session (`GET /User` once) and redirects:
 * - signed-in routes: signed-out visitors → `/?requestedLocation=<path+search>`;
 * - admin routes: non-administrators → /error;
 * - support list: non-internal users → /error;
 * - `/`: signed-in visitors → requestedLocation (same-origin paths only) or /projects/projects.
 */
import { redirect } from 'react-router';
import type { SessionStore } from '../stores/SessionStore.ts';

export const HOME_PATH = '/projects/projects';

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/?requestedLocation=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A requested location that stays in this app: an absolute path, not `//host`. */
export function safeLocation(value: string | null): string | undefined {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

export function requireSignedIn(session: SessionStore) {
  return async ({ request }: { request: Request }) => {
    await session.ensureLoaded();
    if (!session.isSignedIn) throw loginRedirect(request);
    return null;
  };
}

export function requireAdmin(session: SessionStore) {
  return async ({ request }: { request: Request }) => {
    await session.ensureLoaded();
    if (!session.isSignedIn) throw loginRedirect(request);
    if (!session.isAdmin) throw redirect('/error');
    return null;
  };
}

export function requireInternal(session: SessionStore) {
  return async ({ request }: { request: Request }) => {
    await session.ensureLoaded();
    if (!session.isSignedIn) throw loginRedirect(request);
    if (!session.isInternal) throw redirect('/error');
    return null;
  };
}

export function redirectSignedIn(session: SessionStore) {
  return async ({ request }: { request: Request }) => {
    await session.ensureLoaded();
    if (session.isSignedIn) throw redirect(safeLocation(new URL(request.url).searchParams.get('requestedLocation')) ?? HOME_PATH);
    return null;
  };
}
