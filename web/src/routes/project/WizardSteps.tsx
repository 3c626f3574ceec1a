/**
 * The wizard's order beside the project tabs (planning spec section 2: "Wizard order: project
 * data, dimensioning, treatment, box configurator, documents"; decision 0219): the five steps as
 * an ordered list with the current one marked, and one "next step" button that saves the changed
 * nodes and opens the step after the current one. Treatment opens the first purification; a
 * project without one gets the button "Next: add a treatment", which creates and opens it (what
 * the flow overview's add button does). The last step offers no next one.
 */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { nodePath } from '../../dimensioning/ui/paths.ts';
import { useStores } from '../../stores/StoreContext.tsx';

/** The wizard's steps, in the spec's order. */
export const WIZARD_STEPS = ['projectData', 'dimensioning', 'treatment', 'configurator', 'documents'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The step a path of the project belongs to (the summary and every node editor but the purification's are dimensioning). */
export function wizardStep(pathname: string, projectId: string): WizardStep | undefined {
  const rest = pathname.replace(`/project/${projectId}`, '').replace(/^\//, '');
  if (rest.startsWith('projectData')) return 'projectData';
  if (rest.startsWith('configurator')) return 'configurator';
  if (rest.startsWith('documents')) return 'documents';
  if (rest.startsWith('dimensioning/purifications')) return 'treatment';
  if (rest.startsWith('dimensioning')) return 'dimensioning';
  return undefined;
}

/** The step after `step`, or undefined after the last one. */
export function nextWizardStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1];
}

export const WizardSteps = observer(function WizardSteps({ projectId, pathname }: { projectId: string; pathname: string }) {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const navigate = useNavigate();
  const current = wizardStep(pathname, projectId);
  const next = current === undefined ? undefined : nextWizardStep(current);
  const ready = waterflow.projectId === projectId && waterflow.isLoaded;
  // the list of ids is replaced only when nodes are added, removed or reordered: an edit's answer
  // (a new waterflow object) does not render the steps again
  const firstPurification = waterflow.purificationIds[0];
  const addTreatment = next === 'treatment' && firstPurification === undefined;

  const goNext = () =>
    waterflow.busyWith(async () => {
      if (next === undefined) return;
      if (next === 'treatment') {
        const id = firstPurification ?? (await waterflow.createNode('purification'));
        if (id === undefined) return; // the failed create shows its notice
        await waterflow.saveChanged();
        await navigate(nodePath(projectId, 'purification', id));
        return;
      }
      await waterflow.saveChanged();
      const path = next === 'dimensioning' ? 'dimensioning/sealedsurfaces' : next;
      await navigate(`/project/${projectId}/${path}`);
    });

  return (
    <nav className="rp-wizard" aria-label={t('wizard.label')} data-testid="wizard">
      <ol className="rp-wizard__steps">
        {WIZARD_STEPS.map((step, index) => (
          <li key={step} className={`rp-wizard__step${step === current ? ' rp-wizard__step--current' : ''}`} {...(step === current ? { 'aria-current': 'step' as const } : {})} data-testid={`wizard-step-${step}`}>
            {t('wizard.step', { n: index + 1, name: t(`wizard.steps.${step}`) })}
          </li>
        ))}
      </ol>
      {next !== undefined && (
        <Button variant="primary" isDisabled={!ready} onPress={() => void goNext()} data-testid="wizard-next">
          {addTreatment ? t('wizard.nextAddTreatment') : t('wizard.next', { name: t(`wizard.steps.${next}`) })}
        </Button>
      )}
      {current === 'documents' && <span className="rp-muted" data-testid="wizard-done">{t('wizard.last')}</span>}
    </nav>
  );
});
