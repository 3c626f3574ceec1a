/**
 * The error page (platform spec section 2) in both variants:
 * - ErrorPage (route /error and uncaught route errors): headline, fun text, details, note and a
 *   reload button;
 * - NotFoundPage (any other path): headline, description and a go-back button to the root.
 */
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/Button.tsx';

export function ErrorPage({ details }: { details?: string | undefined }) {
  const { t } = useTranslation('errors');
  return (
    <section className="rp-error-page">
      <h1>{t('page.headline')}</h1>
      <p className="rp-error-page__fun">{t('page.funText')}</p>
      {details !== undefined && (
        <details>
          <summary>{t('page.details')}</summary>
          <pre>{details}</pre>
        </details>
      )}
      <p>{t('page.note')}</p>
      <Button onPress={() => window.location.reload()}>{t('page.reload')}</Button>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <section className="rp-error-page">
      <h1>{t('page.notFoundHeadline')}</h1>
      <p>{t('page.notFoundDescription')}</p>
      <Button onPress={() => void navigate('/')}>{t('page.goBack')}</Button>
    </section>
  );
}

/** Error boundary of the root route: an unknown path shows NotFoundPage, anything else ErrorPage. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const details = error instanceof Error ? `${error.name}: ${error.message}` : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error);
  return <ErrorPage details={details} />;
}
