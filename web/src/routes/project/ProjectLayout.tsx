/**
 * Project header and tabs (/project/{projectId}/…; planning spec section 2). Loads the project:
 * (b)'s shell store (`store.project.load`) and the waterflow store (`store.waterflow.open`:
 * waterflow, at least one sealed surface, rain data custom or by location, facilities, the
 * first evaluation with the connected areas). Choosing a tab saves every changed node first; the
 * save tab saves; unsaved changes are written on page unload (pagehide, keepalive) and when the
 * page is hidden. A progress cursor shows while structural actions run. Beside the tabs the
 * wizard's steps in the spec's order with a "next step" button (WizardSteps.tsx).
 */
import { observer } from 'mobx-react-lite';
import { translateNotice } from '../../i18n/index.ts';
import { nodePath } from '../../dimensioning/ui/paths.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import '../../dimensioning/ui/dimensioning.css';
import { ShareButton } from '../../share/ShareDialog.tsx';
import { WizardSteps } from './WizardSteps.tsx';

type Tab = 'projectData' | 'dimensioning' | 'configurator' | 'documents' | 'summary';

const TABS: readonly { id: Tab; path: string }[] = [
  { id: 'projectData', path: 'projectData' },
  { id: 'dimensioning', path: 'dimensioning/sealedsurfaces' },
  { id: 'configurator', path: 'configurator' },
  { id: 'documents', path: 'documents' },
  { id: 'summary', path: 'dimensioning' },
];

function activeTab(pathname: string, projectId: string): Tab | undefined {
  const rest = pathname.replace(`/project/${projectId}`, '').replace(/^\//, '');
  if (rest.startsWith('projectData')) return 'projectData';
  if (rest.startsWith('configurator')) return 'configurator';
  if (rest.startsWith('documents')) return 'documents';
  if (rest === 'dimensioning' || rest === 'dimensioning/') return 'summary';
  if (rest.startsWith('dimensioning')) return 'dimensioning';
  return undefined;
}

export const Component = observer(function ProjectLayout() {
  const { t } = useTranslation('dimensioning');
  const store = useStores();
  const { waterflow } = store;
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    void store.project.load(projectId);
    void waterflow.open(projectId);
  }, [store, waterflow, projectId]);

  useEffect(() => {
    const onPageHide = () => waterflow.saveOnUnload();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void waterflow.saveChanged();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void waterflow.saveChanged();
    };
  }, [waterflow]);

  const detail = store.project.projectId === projectId ? store.project.project : undefined;
  const shell = waterflow.projectId === projectId ? waterflow.shell : undefined;
  const name = detail?.name ?? shell?.name ?? '';
  const address = detail?.location?.address ?? shell?.location?.address ?? null;
  const active = activeTab(location.pathname, projectId);

  const go = async (path: string) => {
    await waterflow.saveChanged();
    await navigate(`/project/${projectId}/${path}`);
  };

  const save = async () => {
    const ok = await waterflow.saveChanged();
    if (ok) store.notifications.success('dimensioning:save.saveSuccess');
  };

  const statusText =
    waterflow.saveStatus === 'failed' ? t('save.failedShort') : waterflow.saveStatus === 'saving' ? t('save.saving') : waterflow.hasUnsavedChanges ? t('save.unsaved') : t('save.saved');

  return (
    <div className={`rp-project-layout${waterflow.busy > 0 ? ' rp-busy' : ''}`} aria-busy={waterflow.busy > 0 || waterflow.status === 'loading'}>
      <header className="rp-project-header">
        <div className="rp-project-header__title">
          <p className="rp-project-header__name" data-testid="project-name">
            {name}
          </p>
          <p className="rp-project-header__address">{address ?? t('project.noAddress')}</p>
        </div>
        <nav className="rp-tabs" aria-label={t('tabs.label')}>
          {TABS.map((tab) => (
            <Button
              key={tab.id}
              variant={active === tab.id ? 'primary' : 'ghost'}
              className="rp-tab"
              {...(active === tab.id ? { 'aria-current': 'page' as const } : {})}
              onPress={() => void go(tab.path)}
            >
              {t(`tabs.${tab.id}`)}
            </Button>
          ))}
          <Button variant="secondary" className="rp-tab" onPress={() => void save()}>
            {t('tabs.save')}
          </Button>
          <ShareButton projectId={projectId} />
        </nav>
        <WizardSteps projectId={projectId} pathname={location.pathname} />
        {waterflow.engineMode !== 'idle' && (
          <p className="rp-engine-mode rp-muted" data-testid="engine-mode">
            {t(waterflow.engineMode === 'worker' ? 'engine.worker' : 'engine.mainThread')}
          </p>
        )}
        <p className={`rp-save-status rp-save-status--${waterflow.saveStatus}`} role="status" data-testid="save-status">
          {statusText}
          {waterflow.saveStatus === 'failed' && (
            <>
              {' '}
              <Button variant="ghost" onPress={() => void waterflow.saveChanged()}>
                {t('save.retryNow')}
              </Button>
            </>
          )}
        </p>
      </header>
      <SaveFailures projectId={projectId} />
      <Outlet />
    </div>
  );
});

/**
 * Every failed save, visible (issue 14.3): which element, the server's reason (its code's own
 * message, or the field message of a validation error) and a way forward: open the element to fix
 * it, or save again.
 */
const SaveFailures = observer(function SaveFailures({ projectId }: { projectId: string }) {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const navigate = useNavigate();
  const failures = waterflow.saveStatus === 'failed' ? waterflow.saveFailures : [];
  if (failures.length === 0) return null;
  return (
    <div className="rp-save-failures" role="alert" data-testid="save-failures">
      <p>
        <strong>{t('save.failedHeading')}</strong> {t('save.failedHint')}
      </p>
      <ul>
        {failures.map((failure) => {
          const node = waterflow.surface(failure.id) ?? waterflow.purification(failure.id) ?? waterflow.measure(failure.id);
          const reason = failure.code === undefined ? t('errors:error.unreachable') : translateNotice(t, { code: failure.code, ...(failure.message === undefined ? {} : { message: failure.message }) });
          return (
            <li key={failure.id}>
              {t(`kind.${failure.kind}`)} „{node?.name ?? failure.id}“: {reason}{' '}
              {node !== undefined && (
                <Button variant="ghost" onPress={() => void navigate(nodePath(projectId, failure.kind, failure.id))}>
                  {t('save.openFailed')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
});
