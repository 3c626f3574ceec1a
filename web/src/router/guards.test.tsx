import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createTestRouter } from './createAppRouter.ts';
import { renderWithStore, signedIn, SIGNED_OUT, testStore } from '../test/render.tsx';
import type { RootStore } from '../stores/RootStore.ts';

async function visit(store: RootStore, path: string) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const router = createTestRouter(store, [path]);
  renderWithStore(<RouterProvider router={router} />, store);
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

describe('route guards', () => {
  it('send signed-out visitors of a signed-in route to /?requestedLocation=…', async () => {
    const router = await visit(testStore(SIGNED_OUT), '/projects/projects?x=1');
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('requestedLocation')).toBe('/projects/projects?x=1');
  });

  it('send signed-in visitors of / to requestedLocation, else to /projects/projects', async () => {
    expect((await visit(testStore(signedIn()), '/?requestedLocation=%2Fuser%2Faccount')).state.location.pathname).toBe('/user/account');
    expect((await visit(testStore(signedIn()), '/')).state.location.pathname).toBe('/projects/projects');
    expect((await visit(testStore(signedIn()), '/?requestedLocation=%2F%2Fevil.example')).state.location.pathname).toBe('/projects/projects');
  });

  it('send non-administrators from admin routes to /error', async () => {
    expect((await visit(testStore(signedIn()), '/admin/users')).state.location.pathname).toBe('/error');
    expect((await visit(testStore(signedIn({ isAdmin: true, roles: ['Administrator'] })), '/admin/users')).state.location.pathname).toBe('/admin/users');
  });

  it('send non-internal users from the support list to /error', async () => {
    expect((await visit(testStore(signedIn()), '/projects/supportProjects')).state.location.pathname).toBe('/error');
    expect((await visit(testStore(signedIn({ isInternal: true })), '/projects/supportProjects')).state.location.pathname).toBe('/projects/supportProjects');
  });

  it('render every signed-in route module (placeholder or built screen)', async () => {
    const store = testStore(signedIn({ isAdmin: true, isInternal: true }));
    for (const path of [
      '/projects/projects', '/project/new', '/project/p1/projectData', '/project/p1/dimensioning', '/project/p1/dimensioning/sealedsurfaces',
      '/project/p1/dimensioning/sealedsurfaces/s1', '/project/p1/dimensioning/purifications/x', '/project/p1/dimensioning/measures/m1',
      '/project/p1/configurator', '/project/p1/documents', '/user/account', '/user/organization', '/admin/users/u1', '/admin/organizations',
      '/admin/organizations/o1', '/authentication/registration', '/termsOfUse',
    ]) {
      const router = await visit(store, path);
      expect(router.state.location.pathname).toBe(path);
      // a placeholder or the built screen (its one h1), never the error boundary
      await waitFor(() => expect(document.querySelector('h1, [data-testid="placeholder"]')).not.toBeNull());
      expect(document.body.textContent).not.toContain('Hoppla!');
      document.body.innerHTML = '';
    }
  });

  it('show the not-found error page for any other path', async () => {
    await visit(testStore(SIGNED_OUT), '/no/such/page');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Seite nicht gefunden'));
  });
});
