/**
 * Set a new password (/authentication/resetpassword?userId&resetCode); the success view links to
 * the login and, saying so, takes the user there after RESET_REDIRECT_SECONDS (platform spec
 * sections 2 and 8: "password reset (with redirect)").
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { useForm } from './useForm.ts';
import { validatePasswordChange, type PasswordChangeData } from './validation.ts';
import './auth.css';

/** Seconds the success view stays before it goes to the login. */
export const RESET_REDIRECT_SECONDS = 5;

const validate = (values: PasswordChangeData) => validatePasswordChange(values, false);

export const Component = observer(function ResetPassword() {
  const { session, ui } = useStores();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const resetCode = params.get('resetCode');
  const form = useForm<PasswordChangeData>({ oldPassword: '', newPassword: '', repeatPassword: '' }, validate);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => void navigate('/'), RESET_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (userId === null || resetCode === null)
    return (
      <section className="rp-form-page">
        <h1>{t('resetPassword.title')}</h1>
        <div className="rp-box">
          <p className="rp-form__alert">{t('resetPassword.invalidLink')}</p>
          <Link to="/authentication/forgotpassword">{t('login.forgotPassword')}</Link>
        </div>
      </section>
    );

  if (done)
    return (
      <section className="rp-form-page">
        <h1>{t('resetPassword.successTitle')}</h1>
        <div className="rp-box">
          <p className="rp-form__success">{t('resetPassword.successText')}</p>
          <p role="status">{t('resetPassword.redirect', { seconds: RESET_REDIRECT_SECONDS })}</p>
          <Link to="/">{t('resetPassword.toLogin')}</Link>
        </div>
      </section>
    );

  const canSubmit = form.valid && form.touched.repeatPassword === true && !busy;
  return (
    <section className="rp-form-page">
      <h1>{t('resetPassword.title')}</h1>
      <p>{t('resetPassword.intro')}</p>
      <form
        className="rp-form rp-box"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit) return;
          setBusy(true);
          void ui
            .withWait(() => session.resetPassword({ userId, resetCode, newPassword: form.values.newPassword }))
            .then((ok) => {
              setBusy(false);
              setDone(ok);
            });
        }}
      >
        <TextField label={t('fields.newPassword')} type="password" autoComplete="new-password" isRequired description={t('passwordHint')} {...form.fieldProps('newPassword')} />
        <TextField label={t('fields.passwordRepeat')} type="password" autoComplete="new-password" isRequired {...form.fieldProps('repeatPassword')} />
        <div className="rp-form__actions">
          <Button type="submit" isDisabled={!canSubmit}>
            {t('resetPassword.submit')}
          </Button>
          <Link to="/">{t('backToLogin')}</Link>
        </div>
      </form>
    </section>
  );
});
