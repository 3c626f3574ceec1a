/**
 * On the project list of a signed-in planner: the trial projects kept in this browser, each with
 * "move into my account" (one step: created on the server, removed from the browser) and "open".
 * Renders nothing when there are none. One-line placement: `<TrialProjectsNotice onMoved={…} />`.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/Button.tsx';
import { useStores } from '../stores/StoreContext.tsx';
import { trialStore } from './TrialStore.ts';
import './trial.css';

export const TrialProjectsNotice = observer(function TrialProjectsNotice({ onMoved }: { onMoved?: (projectId: string) => void }) {
  const { t } = useTranslation('trial');
  const root = useStores();
  const trial = trialStore(root);
  useEffect(() => {
    void trial.loadList();
  }, [trial]);
  if (!root.session.isSignedIn || trial.projects.length === 0) return null;
  return (
    <section className="rp-trial-banner" aria-labelledby="trial-notice-title">
      <h2 id="trial-notice-title">{t('notice.title')}</h2>
      <p className="rp-trial-banner__text">{t('notice.text')}</p>
      <ul className="rp-trial-notice__list">
        {trial.projects.map((record) => (
          <li key={record.id} className="rp-trial-banner__actions">
            <Button
              isDisabled={trial.moving}
              onPress={() =>
                void trial.moveToAccount(record.id).then((id) => {
                  if (id !== undefined) onMoved?.(id);
                })
              }
            >
              {t('notice.move', { name: record.project.project.name })}
            </Button>
            <Link to={`/trial/${record.id}/projectData`}>{t('notice.open', { name: record.project.project.name })}</Link>
          </li>
        ))}
      </ul>
      {trial.moveProblems.length > 0 && (
        <div role="alert">
          <p>{t('banner.missing')}</p>
          <ul>
            {trial.moveProblems.map((p) => (
              <li key={p.path}>{t(`missing.${p.path.replace('$.project.', '')}`, { defaultValue: p.path })}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
});
