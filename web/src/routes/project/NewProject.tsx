/**
 * New project (/project/new; platform spec section 2): the project form; the user chooses to
 * dimension a project or to configure a facility and goes to /project/{id}/dimensioning or
 * /configurator after creation. A failed creation keeps the input and says so; the input is kept
 * per visit of the page (UiStore.draft), so a second mount on the same visit shows it again.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { RainDataDialog } from './RainData.tsx';
import { clientDataOf, emptyValues, isValid, locationOf, ProjectForm, type ProjectFormValues } from './ProjectForm.tsx';
import './project.css';

export const Component = observer(function NewProject() {
  const { t } = useTranslation('project');
  const store = useStores();
  const navigate = useNavigate();
  // What was typed belongs to this visit of the page (the location's key), not to this mount: a
  // screen mounted again while the page still loads its parts starts from it (issue 28).
  const draftId = `project/new:${useLocation().key}`;
  const [values, setValues] = useState<ProjectFormValues>(() => store.ui.draft<ProjectFormValues>(draftId) ?? emptyValues());
  useEffect(() => store.ui.keepDraft(draftId, values), [store, draftId, values]);
  const [showErrors, setShowErrors] = useState(false);
  const [failed, setFailed] = useState(false);
  const [rainOpen, setRainOpen] = useState(false);

  // a new project: nothing is open (the rain data dialog shows the series at the chosen position)
  useEffect(() => store.project.close(), [store]);

  const showRain = async () => {
    const data = await store.project.loadRaindataAt(values.latitude, values.longitude);
    if (data !== undefined) setRainOpen(true);
    // code 61: the position lies in a KOSTRA cell without data (decision 0177)
    else store.notifications.error(store.project.raindataErrorCode === 61 ? { code: 61 } : { message: 'project:rain.unavailable' });
  };

  const create = async (target: 'dimensioning' | 'configurator') => {
    setShowErrors(true);
    if (!isValid(values) || values.airPollution === null) return;
    setFailed(false);
    const id = await store.ui.withWait(() =>
      store.project.create({
        project: { name: values.name.trim(), airPollutionType: values.airPollution!, comment: values.comment.trim() === '' ? null : values.comment.trim(), ruleEdition: values.ruleEdition },
        location: locationOf(values),
        clientData: clientDataOf(values),
      }),
    );
    if (id === undefined) {
      setFailed(true);
      store.notifications.error({ message: 'project:form.createFailed' });
      return;
    }
    store.ui.dropDraft(draftId);
    store.notifications.success('project:form.created');
    void navigate(`/project/${encodeURIComponent(id)}/${target}`);
  };

  return (
    <section className="rp-project" aria-labelledby="new-project-title">
      <h1 id="new-project-title">{t('new.title')}</h1>
      <ProjectForm values={values} onChange={setValues} showErrors={showErrors} clientBehindAdvanced />
      {failed && (
        <p className="rp-project__save-error" role="alert">
          {t('form.createFailed')}
        </p>
      )}
      <div className="rp-project__actions">
        <Button variant="secondary" onPress={() => void showRain()}>
          {t('rain.view')}
        </Button>
      </div>
      <div className="rp-project__actions">
        <span>{t('new.choose')}</span>
        <Button isDisabled={store.project.saving} onPress={() => void create('dimensioning')}>
          {t('new.dimension')}
        </Button>
        <Button variant="secondary" isDisabled={store.project.saving} onPress={() => void create('configurator')}>
          {t('new.configure')}
        </Button>
      </div>
      <RainDataDialog isOpen={rainOpen} onClose={() => setRainOpen(false)} />
    </section>
  );
});
