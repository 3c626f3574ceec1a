/** Change password: old, new, repeat (spec section 5). Disabled in the admin view of another user. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { FormBox } from '../../components/FormBox.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useForm } from '../auth/useForm.ts';
import { validatePasswordChange, type PasswordChangeData } from '../auth/validation.ts';

const EMPTY: PasswordChangeData = { oldPassword: '', newPassword: '', repeatPassword: '' };
const validate = (values: PasswordChangeData) => validatePasswordChange(values, true);

export function ChangePasswordBox({ onChange, isDisabled = false, disabledNote }: { onChange?: (data: PasswordChangeData) => Promise<boolean>; isDisabled?: boolean; disabledNote?: string }) {
  const { t } = useTranslation('account');
  const { t: ta } = useTranslation('auth');
  const form = useForm<PasswordChangeData>(EMPTY, validate);
  const [busy, setBusy] = useState(false);
  const canSubmit = !isDisabled && form.valid && !busy && onChange !== undefined;
  const field = (name: keyof PasswordChangeData) => ({ ...form.fieldProps(name), isDisabled });
  return (
    <FormBox
      id="password-title"
      title={t('password.title')}
      note={isDisabled ? disabledNote : undefined}
      onSubmit={() => {
        if (!canSubmit) return;
        setBusy(true);
        void onChange(form.values).then((ok) => {
          setBusy(false);
          if (ok) form.reset(EMPTY);
        });
      }}
    >
      <TextField label={ta('fields.oldPassword')} type="password" autoComplete="current-password" isRequired {...field('oldPassword')} />
      <TextField label={ta('fields.newPassword')} type="password" autoComplete="new-password" isRequired description={ta('passwordHint')} {...field('newPassword')} />
      <TextField label={ta('fields.passwordRepeat')} type="password" autoComplete="new-password" isRequired {...field('repeatPassword')} />
      <p className="rp-form__note">{t('password.note')}</p>
      <div className="rp-form__actions">
        <Button type="submit" isDisabled={!canSubmit}>
          {t('password.submit')}
        </Button>
      </div>
    </FormBox>
  );
}
