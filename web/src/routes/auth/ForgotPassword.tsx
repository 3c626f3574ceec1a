/** Forgot password (/authentication/forgotpassword): request a reset link; success message and the hint (spec section 4). */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import { EmailRequestForm } from './EmailRequestForm.tsx';
import './auth.css';

export const Component = observer(function ForgotPassword() {
  const { session, ui } = useStores();
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  return (
    <section className="rp-form-page">
      <h1>{t('forgotPassword.title')}</h1>
      {sentTo === undefined ? (
        <>
          <p>{t('forgotPassword.intro')}</p>
          <EmailRequestForm
            submitLabel={t('forgotPassword.submit')}
            onSubmit={async (email) => {
              if (await ui.withWait(() => session.forgotPassword(email))) setSentTo(email);
            }}
          />
        </>
      ) : (
        <div className="rp-box">
          <p className="rp-form__success" role="status">
            {t('forgotPassword.success')}
          </p>
          <p>{t('forgotPassword.hint', { email: sentTo })}</p>
          <Link to="/">{t('backToLogin')}</Link>
        </div>
      )}
    </section>
  );
});
