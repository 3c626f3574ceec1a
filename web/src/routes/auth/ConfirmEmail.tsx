/**
 * E-mail confirmation (/authentication/confirmemail?userId&code[&newEmail]): loading, then success
 * (link to the login, or to the account when signed in) or an error headline and description.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import './auth.css';

type State = 'loading' | 'success' | 'error';

export const Component = observer(function ConfirmEmail() {
  const { session } = useStores();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const code = params.get('code');
  const newEmail = params.get('newEmail');
  const [state, setState] = useState<State>(userId === null || code === null ? 'error' : 'loading');
  // the code is single use: confirm once per link, also under StrictMode's double effects
  const started = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (userId === null || code === null) return;
    const key = `${userId}:${code}`;
    if (started.current === key) return;
    started.current = key;
    void session.confirmEmail({ userId, code, newEmail }).then((ok) => setState(ok ? 'success' : 'error'));
  }, [session, userId, code, newEmail]);

  if (state === 'loading')
    return (
      <section className="rp-form-page">
        <h1>{t('confirmEmail.loadingTitle')}</h1>
        <p role="status">{t('confirmEmail.loading')}</p>
      </section>
    );
  if (state === 'error')
    return (
      <section className="rp-form-page">
        <h1>{t('confirmEmail.errorTitle')}</h1>
        <div className="rp-box">
          <p>{t('confirmEmail.errorText')}</p>
          <ul className="rp-form__links">
            <li>
              <Link to="/authentication/resendConfirmation">{t('login.resendConfirmation')}</Link>
            </li>
            <li>
              <Link to="/">{t('confirmEmail.toLogin')}</Link>
            </li>
          </ul>
        </div>
      </section>
    );
  return (
    <section className="rp-form-page">
      <h1>{t('confirmEmail.successTitle')}</h1>
      <div className="rp-box">
        <p className="rp-form__success">{newEmail === null || newEmail === '' ? t('confirmEmail.successText') : t('confirmEmail.successNewEmail', { email: newEmail })}</p>
        {session.isSignedIn ? <Link to="/user/account">{t('confirmEmail.toAccount')}</Link> : <Link to="/">{t('confirmEmail.toLogin')}</Link>}
      </div>
    </section>
  );
});
