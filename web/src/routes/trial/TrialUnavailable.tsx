/**
 * /trial/{projectId}/configurator and …/documents: the box configurator and the documents need
 * the server (catalogue, prices, drawings); in trial mode they say so and offer the way into an
 * account.
 */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

export function Component() {
  const { t } = useTranslation('trial');
  const { projectId = '' } = useParams();
  return (
    <section className="rp-trial-unavailable" aria-labelledby="trial-unavailable-title">
      <h1 id="trial-unavailable-title">{t('unavailableInTrial.title')}</h1>
      <p>{t('unavailableInTrial.text')}</p>
      <Link to={`/trial/${projectId}/dimensioning`}>{t('unavailableInTrial.back')}</Link>
    </section>
  );
}
