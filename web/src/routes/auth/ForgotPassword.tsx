/**
 * Forgot password (/authentication/forgotpassword): request a reset link; the server's answer
 * message is shown as success, with the hint (platform spec section 4). The answers the server is
 * known to give are shown in the UI language; any other text as the server wrote it.
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import { EmailRequestForm } from './EmailRequestForm.tsx';
import './auth.css';

/** The api's answer texts (api/src/routes/user/password.ts) and their translation keys. */
const KNOWN_ANSWERS: Readonly<Record<string, string>> = {
  'If an account is linked to this address, a link to reset the password is on its way.': 'forgotPassword.answers.resetRequested',
};

export const Component = observer(function ForgotPassword() {
  const { session, ui } = useStores();
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<{ email: string; answer: string } | undefined>(undefined);
  const answerText = (answer: string) => {
    const key = KNOWN_ANSWERS[answer.trim()];
    if (key !== undefined) return t(key);
    return answer.trim() === '' ? t('forgotPassword.success') : answer.trim();
  };
  return (
    <section className="rp-form-page">
      <h1>{t('forgotPassword.title')}</h1>
      {sent === undefined ? (
        <>
          <p>{t('forgotPassword.intro')}</p>
          <EmailRequestForm
            submitLabel={t('forgotPassword.submit')}
            onSubmit={async (email) => {
              const answer = await ui.withWait(() => session.forgotPassword(email));
              if (answer !== undefined) setSent({ email, answer });
            }}
          />
        </>
      ) : (
        <div className="rp-box">
          <p className="rp-form__success" role="status">
            {answerText(sent.answer)}
          </p>
          <p>{t('forgotPassword.hint', { email: sent.email })}</p>
          <Link to="/">{t('backToLogin')}</Link>
        </div>
      )}
    </section>
  );
});
