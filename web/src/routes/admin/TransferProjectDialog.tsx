/**
 * Transfer one of a user's projects to another user, from the admin user detail (platform spec
 * section 6: administrators transfer projects; POST /Admin/{userId}/transferProjects). The
 * candidates are every other user; the dialog says when they cannot be loaded.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonRef, ProjectSummary } from '../../api/index.ts';
import { ActionDialog } from '../../components/Dialog.tsx';
import { Select } from '../../components/Select.tsx';

export interface TransferProjectDialogProps {
  /** The project to transfer; the dialog is open while it is set. */
  readonly project: ProjectSummary | undefined;
  readonly loadCandidates: () => Promise<PersonRef[] | undefined>;
  /** Transfers the project to `newOwnerId`; true when done (the dialog closes). */
  readonly onTransfer: (projectId: string, newOwnerId: string) => Promise<boolean>;
  readonly onClose: () => void;
}

export function TransferProjectDialog({ project, loadCandidates, onTransfer, onClose }: TransferProjectDialogProps) {
  const { t } = useTranslation('admin');
  const [candidates, setCandidates] = useState<PersonRef[] | undefined | null>(undefined);
  const [owner, setOwner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = project !== undefined;

  useEffect(() => {
    if (!open) return undefined;
    let active = true;
    setCandidates(undefined);
    setOwner(null);
    void loadCandidates().then((loaded) => {
      if (active) setCandidates(loaded ?? null);
    });
    return () => {
      active = false;
    };
  }, [open, loadCandidates]);

  return (
    <ActionDialog
      isOpen={open}
      title={t('transfer.title')}
      onCancel={onClose}
      busy={busy}
      action={{
        label: t('transfer.submit'),
        isDisabled: owner === null || project === undefined,
        onPress: () => {
          if (owner === null || project === undefined) return;
          setBusy(true);
          void onTransfer(project.projectId, owner).then((ok) => {
            setBusy(false);
            if (ok) onClose();
          });
        },
      }}
    >
      <p>{t('transfer.text', { project: project?.name ?? '' })}</p>
      {candidates === undefined && <p role="status">{t('common:table.loading')}</p>}
      {candidates === null && <p className="rp-form__alert">{t('transfer.candidatesFailed')}</p>}
      {candidates !== undefined && candidates !== null && candidates.length === 0 && <p>{t('transfer.noCandidates')}</p>}
      {candidates !== undefined && candidates !== null && candidates.length > 0 && (
        <Select
          label={t('transfer.newOwner')}
          options={candidates.map((c) => ({ id: c.id, label: c.email === undefined ? c.name : `${c.name} (${c.email})` }))}
          value={owner}
          onChange={setOwner}
          placeholder={t('transfer.choose')}
          isRequired
        />
      )}
    </ActionDialog>
  );
}
