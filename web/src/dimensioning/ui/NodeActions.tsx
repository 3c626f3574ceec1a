/** Delete with confirmation (the last sealed surface cannot be deleted). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { DeleteDialog } from '../../components/Dialog.tsx';

export function DeleteNodeButton({ name, disabled, onDelete }: { name: string; disabled?: boolean; onDelete: () => void }) {
  const { t } = useTranslation('dimensioning');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" isDisabled={disabled === true} onPress={() => setOpen(true)}>
        {t('actions.delete')}
      </Button>
      <DeleteDialog
        isOpen={open}
        name={name}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onDelete();
        }}
      />
    </>
  );
}
