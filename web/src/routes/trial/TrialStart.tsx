/**
 * /trial ("continue without account"): opens the newest trial project kept in this browser, or
 * creates one, in its dimensioning.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import { trialStore } from '../../trial/TrialStore.ts';
import '../../trial/trial.css';

export function Component() {
  const { t } = useTranslation('trial');
  const root = useStores();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    trialStore(root)
      .ensureProject(t('defaultName'))
      .then((id) => {
        if (live) void navigate(`/trial/${id}/dimensioning/sealedsurfaces`, { replace: true });
      })
      .catch((error: unknown) => {
        console.error('trial: no browser storage', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [root, navigate, t]);
  return (
    <section className="rp-trial-start" aria-labelledby="trial-title">
      <h1 id="trial-title">{t('title')}</h1>
      {failed ? <p role="alert">{t('unavailable')}</p> : <p role="status">{t('starting')}</p>}
    </section>
  );
}
