/**
 * User delete dialog (platform spec sections 2 and 4): for each of the user's projects choose a
 * new owner (own account: a member of the organization; administrators: any user) or leave it to
 * be anonymised; then the account is deleted.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectTransfer } from '../../api/index.ts';
import { ActionDialog } from '../../components/Dialog.tsx';
import { Select } from '../../components/Select.tsx';
import type { DeletionPlan } from '../../stores/SessionStore.ts';

const ANONYMISE = '__anonymise';

export function DeleteAccountDialog({
  isOpen,
  userName,
  loadPlan,
  onDelete,
  onClose,
}: {
  isOpen: boolean;
  userName: string;
  loadPlan: () => Promise<DeletionPlan | undefined>;
  onDelete: (transfers: ProjectTransfer[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const [plan, setPlan] = useState<DeletionPlan | undefined | null>(undefined);
  const [choice, setChoice] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    let active = true;
    setPlan(undefined);
    setChoice({});
    void loadPlan().then((loaded) => {
      if (active) setPlan(loaded ?? null);
    });
    return () => {
      active = false;
    };
  }, [isOpen, loadPlan]);

  const options = [{ id: ANONYMISE, label: t('delete.anonymise') }, ...(plan?.candidates ?? []).map((c) => ({ id: c.id, label: c.email === undefined ? c.name : `${c.name} (${c.email})` }))];
  const transfers = Object.entries(choice)
    .filter(([, userId]) => userId !== ANONYMISE)
    .map(([projectId, userId]) => ({ projectId, userId }));

  return (
    <ActionDialog
      isOpen={isOpen}
      title={t('delete.dialogTitle')}
      onCancel={onClose}
      busy={busy}
      role="alertdialog"
      action={{
        label: t('delete.confirm'),
        variant: 'danger',
        isDisabled: plan === undefined || plan === null,
        onPress: () => {
          setBusy(true);
          void onDelete(transfers).then((ok) => {
            setBusy(false);
            if (ok) onClose();
          });
        },
      }}
    >
      <p>{t('delete.dialogText', { name: userName })}</p>
      {plan === undefined && <p role="status">{t('common:table.loading')}</p>}
      {plan === null && <p className="rp-form__alert">{t('delete.planFailed')}</p>}
      {plan !== undefined && plan !== null && plan.projects.length === 0 && <p>{t('delete.noProjects')}</p>}
      {plan !== undefined && plan !== null && plan.projects.length > 0 && (
        <>
          <p>{plan.candidates.length === 0 ? t('delete.noCandidates') : t('delete.chooseOwners')}</p>
          <ul className="rp-transfer-list">
            {plan.projects.map((project) => (
              <li key={project.projectId}>
                <Select
                  label={t('delete.newOwnerOf', { project: project.name })}
                  options={options}
                  value={choice[project.projectId] ?? ANONYMISE}
                  onChange={(value) => setChoice((old) => ({ ...old, [project.projectId]: value }))}
                  isDisabled={plan.candidates.length === 0}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </ActionDialog>
  );
}
