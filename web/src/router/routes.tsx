/**
 * Every route of both specs. Each screen is a lazily loaded route module under src/routes/ that
 * exports `Component` (and may export `ErrorBoundary`); screens not built yet render
 * <Placeholder>: replace exactly that file. Guards are loaders here (guards.ts).
 */
import type { RouteObject } from 'react-router';
import type { RootStore } from '../stores/RootStore.ts';
import { redirectSignedIn, requireAdmin, requireInternal, requireSignedIn } from './guards.ts';
import { AppLayout } from '../layout/AppLayout.tsx';
import { ErrorPage, NotFoundPage, RouteErrorBoundary } from '../routes/ErrorPage.tsx';
import { loadRouteTexts } from '../i18n/index.ts';

/** A route module loaded together with the texts of the larger screens (i18n/index.ts, decision 0109). */
function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), loadRouteTexts()]);
    return module;
  };
}

export function createRoutes(store: RootStore): RouteObject[] {
  const { session } = store;
  return [
    {
      id: 'root',
      // every page knows the session (header user menu), also public ones; GET /User runs once
      loader: async () => {
        await session.ensureLoaded();
        return null;
      },
      Component: AppLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => null,
      children: [
        // public
        { index: true, loader: redirectSignedIn(session), lazy: () => import('../routes/Landing.tsx') },
        {
          path: 'authentication',
          children: [
            { path: 'registration', lazy: () => import('../routes/auth/Registration.tsx') },
            { path: 'checkemail', lazy: () => import('../routes/auth/CheckEmail.tsx') },
            { path: 'confirmemail', lazy: () => import('../routes/auth/ConfirmEmail.tsx') },
            { path: 'forgotpassword', lazy: () => import('../routes/auth/ForgotPassword.tsx') },
            { path: 'resendConfirmation', lazy: () => import('../routes/auth/ResendConfirmation.tsx') },
            { path: 'resetpassword', lazy: () => import('../routes/auth/ResetPassword.tsx') },
          ],
        },
        { path: 'termsOfUse', lazy: () => import('../routes/TermsOfUse.tsx') },
        { path: 'error', Component: ErrorPage },
        // trial mode (issue 7, c2): a project kept in the browser, the same dimensioning screens
        // a read-only shared project (issue 19.3): the token is the only credential
        { path: 'share/:token', lazy: withTexts(() => import('../routes/share/SharedProject.tsx')) },
        { path: 'trial', lazy: withTexts(() => import('../routes/trial/TrialStart.tsx')) },
        { path: 'trial/:projectId', lazy: withTexts(() => import('../routes/trial/TrialLayout.tsx')), children: [
          { index: true, lazy: withTexts(() => import('../routes/trial/TrialIndex.tsx')) },
          { path: 'projectData', lazy: withTexts(() => import('../routes/trial/TrialProjectData.tsx')) },
          { path: 'configurator', lazy: withTexts(() => import('../routes/trial/TrialUnavailable.tsx')) },
          { path: 'documents', lazy: withTexts(() => import('../routes/trial/TrialUnavailable.tsx')) },
          { path: 'dimensioning', lazy: withTexts(() => import('../routes/dimensioning/DimensioningLayout.tsx')), children: [
            { index: true, lazy: withTexts(() => import('../routes/dimensioning/DimensioningOverview.tsx')) },
            { path: 'sealedsurfaces/:sealedSurfaceId?', lazy: withTexts(() => import('../routes/dimensioning/SealedSurfaceEditor.tsx')) },
            { path: 'purifications/:purificationId?', lazy: withTexts(() => import('../routes/dimensioning/PurificationEditor.tsx')) },
            { path: 'measures/:measureId?', lazy: withTexts(() => import('../routes/dimensioning/MeasureEditor.tsx')) },
          ] },
        ] },

        // signed in
        {
          id: 'signedIn',
          loader: requireSignedIn(session),
          children: [
            { path: 'projects/projects', lazy: withTexts(() => import('../routes/projects/ProjectList.tsx')) },
            { path: 'projects/supportProjects', loader: requireInternal(session), lazy: withTexts(() => import('../routes/projects/SupportProjectList.tsx')) },
            { path: 'project/new', lazy: withTexts(() => import('../routes/project/NewProject.tsx')) },
            {
              path: 'project/:projectId',
              lazy: withTexts(() => import('../routes/project/ProjectLayout.tsx')),
              children: [
                { path: 'projectData', lazy: withTexts(() => import('../routes/project/ProjectData.tsx')) },
                {
                  path: 'dimensioning',
                  lazy: withTexts(() => import('../routes/dimensioning/DimensioningLayout.tsx')),
                  children: [
                    { index: true, lazy: withTexts(() => import('../routes/dimensioning/DimensioningOverview.tsx')) },
                    { path: 'sealedsurfaces/:sealedSurfaceId?', lazy: withTexts(() => import('../routes/dimensioning/SealedSurfaceEditor.tsx')) },
                    { path: 'purifications/:purificationId?', lazy: withTexts(() => import('../routes/dimensioning/PurificationEditor.tsx')) },
                    { path: 'measures/:measureId?', lazy: withTexts(() => import('../routes/dimensioning/MeasureEditor.tsx')) },
                  ],
                },
                { path: 'configurator', lazy: withTexts(() => import('../routes/configurator/Configurator.tsx')) },
                { path: 'documents', lazy: withTexts(() => import('../routes/documents/Documents.tsx')) },
              ],
            },
            { path: 'user/account', lazy: withTexts(() => import('../routes/user/Account.tsx')) },
            { path: 'user/organization', lazy: withTexts(() => import('../routes/user/Organization.tsx')) },
            // the link of an invitation e-mail (decision 0070): accept or decline
            { path: 'user/invitations/:invitationId', lazy: withTexts(() => import('../routes/user/Invitation.tsx')) },
            {
              path: 'admin',
              loader: requireAdmin(session),
              children: [
                { path: 'users', lazy: withTexts(() => import('../routes/admin/AdminUsers.tsx')) },
                { path: 'users/:userId', lazy: withTexts(() => import('../routes/admin/AdminUserDetail.tsx')) },
                { path: 'organizations', lazy: withTexts(() => import('../routes/admin/AdminOrganizations.tsx')) },
                { path: 'organizations/:organizationId', lazy: withTexts(() => import('../routes/admin/AdminOrganizationDetail.tsx')) },
                { path: 'raindata', lazy: withTexts(() => import('../routes/admin/AdminRainImport.tsx')) },
              ],
            },
          ],
        },

        // any other path
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}
