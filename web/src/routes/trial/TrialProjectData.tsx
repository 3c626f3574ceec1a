/**
 * /trial/{projectId}/projectData — the trial project's data with the same form as an account
 * project (`ProjectForm`: name, address search and map, air pollution, rule edition,
 * client), stored in the browser; the KOSTRA rain data of its location come from the server
 * without an account (GET /Raindata/trial, decision 0078), and custom rain data (template v1.0)
 * can be uploaded instead, stored locally too.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { RainData } from '@rainplan/engine';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { RainUploadState } from '../../stores/ProjectStore.ts';
import { ProjectForm, type ProjectFormValues } from '../project/ProjectForm.tsx';
import { RainAttribution, RainTemplateLink, RainUploadDialog } from '../project/RainData.tsx';
import { trialStore } from '../../trial/TrialStore.ts';
import { projectDataOf, valuesOfProjectData } from '../../trial/projectData.ts';
import '../project/project.css';
import '../../trial/trial.css';

type RainLookup = Awaited<ReturnType<ReturnType<typeof trialStore>['lookUpRainData']>>;

/** Which rain data the trial project uses, and what to do when there are none. */
function TrialRainStatus({
  state,
  data,
  missCell,
  onRetry,
}: {
  state: RainLookup | 'loading';
  data: RainData | undefined;
  missCell?: { readonly edition: string; readonly cell: string } | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation('trial');
  if (state === 'cellWithoutData') return <p className="rp-project__hint">{t('projectData.noRainInCell', { edition: missCell?.edition ?? 'KOSTRA', cell: missCell?.cell ?? '—' })}</p>;
  if (state === 'loading') return <p className="rp-project__hint" role="status">{t('projectData.rainLoading')}</p>;
  if (state === 'custom') return <p className="rp-project__hint">{t('projectData.usesCustomRain')}</p>;
  if (state === 'found' && data !== undefined) {
    return (
      <div className="rp-project__hint" role="status">
        <p>{t('projectData.usesKostra', { edition: data.source.edition, cell: data.source.cell ?? '—' })}</p>
        <RainAttribution edition={data.source.edition} />
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className="rp-project__hint" role="alert">
        <p>{t('projectData.rainFailed')}</p>
        <Button variant="secondary" onPress={onRetry}>
          {t('projectData.rainRetry')}
        </Button>
      </div>
    );
  }
  return <p className="rp-project__hint">{state === 'noLocation' ? t('projectData.rainNoLocation') : t('projectData.noRain')}</p>;
}

export const Component = observer(function TrialProjectData() {
  const { t } = useTranslation('trial');
  const root = useStores();
  const trial = trialStore(root);
  const { projectId = '' } = useParams();
  const [values, setValues] = useState<ProjectFormValues | undefined>(undefined);
  const [customRain, setCustomRain] = useState(false);
  const [rain, setRain] = useState<{ state: RainLookup | 'loading'; data?: RainData | undefined; missCell?: { readonly edition: string; readonly cell: string } | undefined }>({ state: 'loading' });
  const lookUp = async () => {
    setRain({ state: 'loading' });
    const state = await trial.lookUpRainData(projectId);
    const data = await trial.project(projectId).then(
      (p) => p.rainData ?? undefined,
      () => undefined,
    );
    setRain({ state, data, missCell: trial.rainCellWithoutData });
  };
  const [upload] = useState(
    () =>
      new RainUploadState(async (data) => {
        const rain = { source: { edition: 'custom' }, raindataSeries: data.raindataSeries } as unknown as RainData;
        const ok = await trial.setRainData(projectId, rain);
        if (ok) {
          setCustomRain(true);
          setRain({ state: 'custom', data: rain });
        }
        return ok;
      }),
  );

  useEffect(() => {
    let live = true;
    void trial.project(projectId).then(
      (project) => {
        if (!live) return;
        setValues(valuesOfProjectData(project.project));
        setCustomRain(project.rainData?.source.edition === 'custom');
        void lookUp();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [trial, projectId]);

  const save = async () => {
    if (values === undefined || values.name.trim() === '') return;
    if (await trial.updateProjectData(projectId, projectDataOf(values))) {
      root.notifications.success('trial:saved');
      await lookUp(); // the location may have changed
    }
  };

  return (
    <section className="rp-project" aria-labelledby="trial-data-title">
      <h1 id="trial-data-title">{t('projectData.title')}</h1>
      {values === undefined ? (
        <p role="status">{t('starting')}</p>
      ) : (
        <>
          <ProjectForm values={values} onChange={(change) => setValues((v) => (v === undefined ? v : change(v)))} showErrors={values.name.trim() === ''} />
          <div className="rp-project__actions" role="group" aria-label={t('projectData.rain')}>
            <Button variant="secondary" onPress={() => upload.start()}>
              {t('projectData.uploadRain')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={!customRain}
              onPress={() =>
                void trial.setRainData(projectId, null).then(async (ok) => {
                  if (!ok) return;
                  setCustomRain(false);
                  await lookUp();
                })
              }
            >
              {t('projectData.resetRain')}
            </Button>
            <RainTemplateLink />
          </div>
          <TrialRainStatus state={rain.state} data={rain.data} missCell={rain.missCell} onRetry={() => void lookUp()} />
          <div className="rp-project__actions">
            <Button isDisabled={values.name.trim() === ''} onPress={() => void save()}>
              {t('projectData.save')}
            </Button>
          </div>
          <RainUploadDialog upload={upload} />
        </>
      )}
    </section>
  );
});
