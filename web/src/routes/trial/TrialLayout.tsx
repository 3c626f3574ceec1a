/**
 * /trial/{projectId}/… — a trial project kept in this browser: the banner ("not saved on a
 * server", download as project file, open a project file, move into the account once signed in),
 * the tabs project data and dimensioning, and the same dimensioning screens as an account project
 * (the dimensioning route modules) with the WaterflowStore on the LocalProjectRepository.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { DownloadProjectFileButton, OpenProjectFileButton } from '../../projectFile/ProjectFileButtons.tsx';
import { trialStore } from '../../trial/TrialStore.ts';
import '../../dimensioning/ui/dimensioning.css';
import '../../trial/trial.css';

const TrialBanner = observer(function TrialBanner({ projectId }: { projectId: string }) {
  const { t } = useTranslation('trial');
  const root = useStores();
  const trial = trialStore(root);
  const navigate = useNavigate();
  const move = async () => {
    const id = await trial.moveToAccount(projectId);
    if (id !== undefined) await navigate(`/project/${id}/dimensioning`);
  };
  return (
    <section className="rp-trial-banner" aria-label={t('banner.label')}>
      <p className="rp-trial-banner__text">
        <strong>{t('banner.title')}</strong> {t('banner.text')}
      </p>
      <div className="rp-trial-banner__actions">
        <DownloadProjectFileButton load={() => trial.fileToDownload(projectId)} />
        <OpenProjectFileButton create={(project) => trial.createProject(project)} pathOf={(id) => `/trial/${id}/dimensioning/sealedsurfaces`} />
        {root.session.isSignedIn ? (
          <Button isDisabled={trial.moving} onPress={() => void move()}>
            {t('banner.move')}
          </Button>
        ) : (
          <>
            <Link className="rp-button rp-button--secondary" to="/authentication/registration">
              {t('banner.register')}
            </Link>
            <Link className="rp-button rp-button--primary" to={`/?requestedLocation=${encodeURIComponent(`/trial/${projectId}/projectData`)}`}>
              {t('banner.signIn')}
            </Link>
          </>
        )}
      </div>
      {trial.moveProblems.length > 0 && (
        <div role="alert" className="rp-trial-banner__problems">
          <p>{t('banner.missing')}</p>
          <ul>
            {trial.moveProblems.map((p) => (
              <li key={p.path}>{t(`missing.${p.path.replace('$.project.', '')}`, { defaultValue: p.path })}</li>
            ))}
          </ul>
          <Link to={`/trial/${projectId}/projectData`} onClick={() => trial.clearMoveProblems()}>
            {t('banner.toProjectData')}
          </Link>
        </div>
      )}
    </section>
  );
});

export const Component = observer(function TrialLayout() {
  const { t } = useTranslation('trial');
  const root = useStores();
  const { waterflow } = root;
  const trial = trialStore(root);
  const { projectId = '' } = useParams();

  useEffect(() => {
    void trial.openProject(projectId);
    const onPageHide = () => waterflow.saveOnUnload();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      void trial.closeProject();
    };
  }, [trial, waterflow, projectId]);

  const open = waterflow.projectId === projectId;
  const name = open ? (waterflow.shell?.name ?? '') : '';
  return (
    <div className="rp-trial">
      <TrialBanner projectId={projectId} />
      <div className="rp-trial__head">
        <p className="rp-trial__name">{name}</p>
        <nav aria-label={t('tabs.label')} className="rp-trial__tabs">
          <NavLink to={`/trial/${projectId}/projectData`} onClick={() => void waterflow.saveChanged()}>
            {t('tabs.projectData')}
          </NavLink>
          <NavLink to={`/trial/${projectId}/dimensioning/sealedsurfaces`} onClick={() => void waterflow.saveChanged()}>
            {t('tabs.dimensioning')}
          </NavLink>
        </nav>
      </div>
      {open && waterflow.status === 'error' ? (
        <p role="alert">
          {t('notFound')} <Link to="/trial">{t('restart')}</Link>
        </p>
      ) : (
        <Outlet />
      )}
    </div>
  );
});
