/** Check e-mail (/authentication/checkemail): asks the user to open the confirmation link; a button to start (the login). */
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import './auth.css';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : undefined;
  return (
    <section className="rp-form-page">
      <h1>{t('checkEmail.title')}</h1>
      <div className="rp-box">
        <p>{email === undefined ? t('checkEmail.text') : t('checkEmail.textWithAddress', { email })}</p>
        <p className="rp-form__note">
          {t('checkEmail.noMail')} <Link to="/authentication/resendConfirmation">{t('checkEmail.resend')}</Link>
        </p>
        <Button onPress={() => void navigate('/')}>{t('checkEmail.start')}</Button>
      </div>
    </section>
  );
}
