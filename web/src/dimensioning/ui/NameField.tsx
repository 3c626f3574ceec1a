/** The node's name: commits non-blank names on every keystroke (renameNode); a blank name shows the required message. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField.tsx';

export function NameField({ value, onCommit }: { value: string; onCommit: (name: string) => void }) {
  const { t } = useTranslation('dimensioning');
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  const blank = text.trim() === '';
  return (
    <TextField
      label={t('surface.name')}
      value={text}
      isRequired
      isInvalid={blank}
      errorMessage={t('validation.nameRequired')}
      onChange={(next) => {
        setText(next);
        if (next.trim() !== '' && next.trim() !== value) onCommit(next.trim());
      }}
    />
  );
}
