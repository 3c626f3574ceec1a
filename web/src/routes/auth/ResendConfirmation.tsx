/** Resend the confirmation e-mail (/authentication/resendConfirmation). */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import { EmailRequestForm } from './EmailRequestForm.tsx';
import './auth.css';

export const Component = observer(function ResendConfirmation() {
  const { session, ui } = useStores();
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  return (
    <section className="rp-form-page">
      <h1>{t('resendConfirmation.title')}</h1>
      {sentTo === undefined ? (
        <>
          <p>{t('resendConfirmation.intro')}</p>
          <EmailRequestForm
            submitLabel={t('resendConfirmation.submit')}
            onSubmit={async (email) => {
              if (await ui.withWait(() => session.resendConfirmation(email))) setSentTo(email);
            }}
          />
        </>
      ) : (
        <div className="rp-box">
          <p className="rp-form__success" role="status">
            {t('resendConfirmation.done', { email: sentTo })}
          </p>
          <Link to="/">{t('backToLogin')}</Link>
        </div>
      )}
    </section>
  );
});
