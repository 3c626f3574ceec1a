/** One e-mail field and a submit button (forgot password, resend confirmation). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useForm } from './useForm.ts';
import { email, type Errors } from './validation.ts';

const validate = (values: { email: string }): Errors<'email'> => {
  const key = email(values.email);
  return key === undefined ? {} : { email: key };
};

export function EmailRequestForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (email: string) => Promise<unknown> }) {
  const { t } = useTranslation('auth');
  const form = useForm({ email: '' }, validate);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="rp-form rp-box"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.touch('email');
        if (!form.valid || busy) return;
        setBusy(true);
        void onSubmit(form.values.email.trim()).finally(() => setBusy(false));
      }}
    >
      <TextField label={t('fields.email')} type="email" autoComplete="email" isRequired {...form.fieldProps('email')} />
      <div className="rp-form__actions">
        <Button type="submit" isDisabled={busy || !form.valid}>
          {submitLabel}
        </Button>
        <Link to="/">{t('backToLogin')}</Link>
      </div>
    </form>
  );
}
