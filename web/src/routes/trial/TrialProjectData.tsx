/**
 * /trial/{projectId}/projectData — the trial project's data with the same form as an account
 * project (engineer (b)'s ProjectForm: name, address search and map, air pollution, rule edition,
 * client), stored in the browser; custom rain data upload (template v1.0) stored locally too
 * (without an account there is no KOSTRA lookup by location). Owner: engineer (c2).
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
import { RainTemplateLink, RainUploadDialog } from '../project/RainData.tsx';
import { trialStore } from '../../trial/TrialStore.ts';
import { projectDataOf, valuesOfProjectData } from '../../trial/projectData.ts';
import '../project/project.css';
import '../../trial/trial.css';

export const Component = observer(function TrialProjectData() {
  const { t } = useTranslation('trial');
  const root = useStores();
  const trial = trialStore(root);
  const { projectId = '' } = useParams();
  const [values, setValues] = useState<ProjectFormValues | undefined>(undefined);
  const [customRain, setCustomRain] = useState(false);
  const [upload] = useState(
    () =>
      new RainUploadState(async (data) => {
        const rain = { source: { edition: 'custom' }, raindataSeries: data.raindataSeries } as unknown as RainData;
        const ok = await trial.setRainData(projectId, rain);
        if (ok) setCustomRain(true);
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
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [trial, projectId]);

  const save = async () => {
    if (values === undefined || values.name.trim() === '') return;
    if (await trial.updateProjectData(projectId, projectDataOf(values))) root.notifications.success('trial:saved');
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
            <Button variant="secondary" isDisabled={!customRain} onPress={() => void trial.setRainData(projectId, null).then((ok) => ok && setCustomRain(false))}>
              {t('projectData.resetRain')}
            </Button>
            <RainTemplateLink />
          </div>
          <p className="rp-project__hint">{customRain ? t('projectData.usesCustomRain') : t('projectData.noRain')}</p>
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
