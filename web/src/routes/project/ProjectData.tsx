/**
 * Project data (/project/{projectId}/projectData; platform spec section 2): the project form with
 * update-project, reset project address, the rain data view, upload and reset of custom rain
 * data (reset enabled only with custom data) and the template download. A failed save keeps the
 * input and says so. The project is loaded by ProjectLayout (store.project.load); this screen
 * loads it too when it is not open yet.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { clientDataOf, isValid, locationOf, ProjectForm, valuesOf, type ProjectFormValues } from './ProjectForm.tsx';
import { RainDataDialog, RainTemplateLink, RainUploadDialog } from './RainData.tsx';
import { DownloadProjectFileButton } from '../../projectFile/ProjectFileButtons.tsx';
import './project.css';

export const Component = observer(function ProjectData() {
  const { t } = useTranslation('project');
  const store = useStores();
  const { projectId = '' } = useParams();
  const current = store.project;
  const project = current.projectId === projectId ? current.project : undefined;
  const [values, setValues] = useState<ProjectFormValues | undefined>(undefined);
  const [showErrors, setShowErrors] = useState(false);
  const [failed, setFailed] = useState(false);
  const [rainOpen, setRainOpen] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  useEffect(() => {
    void current.ensureLoaded(projectId);
  }, [current, projectId]);

  useEffect(() => {
    if (project !== undefined && values === undefined) setValues(valuesOf(project));
  }, [project, values]);

  // which rain data the project uses (shown under the rain data buttons); a read, nothing changes
  const loadedId = project?.id;
  useEffect(() => {
    if (loadedId !== undefined) void current.loadRaindata();
  }, [current, loadedId]);

  if (values === undefined || project === undefined) {
    return (
      <section className="rp-project" aria-labelledby="project-data-title" aria-busy={current.status === 'loading'}>
        <h1 id="project-data-title">{t('data.title')}</h1>
        <p role="status">{current.status === 'error' ? t('data.loadFailed') : t('data.loading')}</p>
      </section>
    );
  }

  const save = async () => {
    setShowErrors(true);
    if (!isValid(values) || values.airPollution === null) return;
    setFailed(false);
    const ok = await store.ui.withWait(() =>
      current.update({
        project: { name: values.name.trim(), airPollution: values.airPollution!, comment: values.comment.trim() === '' ? null : values.comment.trim(), ruleEdition: values.ruleEdition },
        location: locationOf(values),
        clientData: clientDataOf(values),
      }),
    );
    if (!ok) {
      setFailed(true);
      store.notifications.error({ message: 'project:data.saveFailed' });
    }
  };

  const resetAddress = () => {
    const saved = valuesOf(project);
    setValues((v) => (v === undefined ? v : { ...v, address: saved.address, latitude: saved.latitude, longitude: saved.longitude }));
  };

  const showRain = async () => {
    const data = await current.loadRaindata();
    if (data !== undefined) setRainOpen(true);
    // code 61: the location lies in a KOSTRA cell without data (decision 0177)
    else store.notifications.error(current.raindataErrorCode === 61 ? { code: 61 } : { message: 'project:rain.unavailable' });
  };

  return (
    <section className="rp-project" aria-labelledby="project-data-title">
      <h1 id="project-data-title">{t('data.title')}</h1>
      <ProjectForm values={values} onChange={(change) => setValues((v) => (v === undefined ? v : change(v)))} showErrors={showErrors} />
      <div className="rp-project__actions" role="group" aria-label={t('rain.group')}>
        <Button variant="secondary" onPress={() => void showRain()}>
          {t('rain.view')}
        </Button>
        <Button variant="secondary" onPress={resetAddress}>
          {t('data.resetAddress')}
        </Button>
        <Button variant="secondary" onPress={() => current.rainUpload.start()}>
          {t('rain.upload')}
        </Button>
        <Button variant="secondary" isDisabled={!current.usesCustomRaindata} onPress={() => setConfirmReset(true)}>
          {t('rain.reset')}
        </Button>
        <RainTemplateLink />
      </div>
      {current.usesCustomRaindata ? (
        <p className="rp-project__hint">{t('rain.usesCustom')}</p>
      ) : (
        current.raindata?.source !== undefined && (
          <p className="rp-project__hint" data-testid="rain-dataset">
            {t('rain.usesDataset', { edition: current.raindata.source.edition, cell: current.raindata.source.cell ?? '—' })}
            {current.raindata.source.edition === 'KOSTRA-DWD-2010R' ? ` ${t('rain.import2020')}` : ''}
          </p>
        )
      )}
      {failed && (
        <p className="rp-project__save-error" role="alert">
          {t('data.saveFailed')}
        </p>
      )}
      <div className="rp-project__actions">
        <Button isDisabled={current.saving} onPress={() => void save()}>
          {t('data.update')}
        </Button>
        <DownloadProjectFileButton projectId={projectId} />
      </div>
      <RainDataDialog isOpen={rainOpen} onClose={() => setRainOpen(false)} />
      <RainUploadDialog />
      <ConfirmDialog
        isOpen={confirmReset}
        title={t('rain.reset')}
        text={<p>{t('rain.resetText')}</p>}
        onConfirm={() => {
          setConfirmReset(false);
          void store.ui.withWait(() => current.deleteCustomRaindata());
        }}
        onCancel={() => setConfirmReset(false)}
      />
    </section>
  );
});
