/**
 * Landing and login (/): heading, description, start button, login form (e-mail, password;
 * links to forgot password, resend confirmation, continue without account, register), events
 * and innovations. The language switch is in the header. Signed-in visitors never see it
 * (router/guards.ts redirects them). After the login: requestedLocation or the project list;
 * /error when the user info cannot be loaded (spec section 4).
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/index.ts';
import { Button } from '../components/Button.tsx';
import { FormBox } from '../components/FormBox.tsx';
import { TextField } from '../components/TextField.tsx';
import { HOME_PATH, safeLocation } from '../router/guards.ts';
import { useStores } from '../stores/StoreContext.tsx';
import { useForm } from './auth/useForm.ts';
import { email, requiredText, type Errors } from './auth/validation.ts';
import './auth/auth.css';

interface Teaser {
  readonly date?: string;
  readonly title: string;
  readonly text: string;
}

interface LoginValues {
  email: string;
  password: string;
}

const validateLogin = (values: LoginValues): Errors<keyof LoginValues> => {
  const errors: Errors<keyof LoginValues> = {};
  const mail = email(values.email);
  if (mail !== undefined) errors.email = mail;
  const password = requiredText(values.password);
  if (password !== undefined) errors.password = password;
  return errors;
};

/** The login failure as text key: wrong credentials (12), not confirmed (13), too many attempts (15). */
function failureKey(code: number | undefined): string {
  if (code === 12 || code === 13 || code === 15) return `login.failed.${code}`;
  return 'login.failed.default';
}

export const LoginForm = observer(function LoginForm() {
  const { session, ui } = useStores();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm<LoginValues>({ email: '', password: '' }, validateLogin);
  const [failure, setFailure] = useState<number | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    form.touch('email');
    form.touch('password');
    if (!form.valid || busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const loaded = await ui.withWait(() => session.login({ email: form.values.email.trim(), password: form.values.password }, { silent: true }));
      void navigate(loaded ? (safeLocation(searchParams.get('requestedLocation')) ?? HOME_PATH) : '/error', { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? (error.code ?? null) : null);
      setBusy(false);
    }
  };

  return (
    <FormBox
      id="login-title"
      title={t('login.title')}
      onSubmit={() => void submit()}
      after={
        <ul className="rp-form__links">
          <li>
            <Link to="/authentication/forgotpassword">{t('login.forgotPassword')}</Link>
          </li>
          <li>
            <Link to="/authentication/resendConfirmation">{t('login.resendConfirmation')}</Link>
          </li>
          <li>
            <Link to="/trial">{t('login.withoutAccount')}</Link>
          </li>
          <li>
            {t('login.noAccount')} <Link to="/authentication/registration">{t('login.register')}</Link>
          </li>
        </ul>
      }
    >
      <TextField label={t('fields.email')} type="email" autoComplete="username" isRequired {...form.fieldProps('email')} />
      <TextField label={t('fields.password')} type="password" autoComplete="current-password" isRequired {...form.fieldProps('password')} />
      {failure !== undefined && (
        <p className="rp-form__alert" role="alert">
          {t(failureKey(failure ?? undefined))}
          {failure === 13 && (
            <>
              {' '}
              <Link to="/authentication/resendConfirmation">{t('login.resendConfirmation')}</Link>
            </>
          )}
        </p>
      )}
      <div className="rp-form__actions">
        <Button type="submit" isDisabled={busy}>
          {t('login.submit')}
        </Button>
      </div>
    </FormBox>
  );
});

function Teasers({ id, title, items }: { id: string; title: string; items: readonly Teaser[] }) {
  return (
    <section className="rp-box" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="rp-teasers">
        {items.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            {item.date !== undefined && <span className="rp-teasers__meta">{item.date}</span>}
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <div className="rp-landing-page">
      <section className="rp-landing-page__hero">
        <h1>{t('landing.title')}</h1>
        <p>{t('landing.description')}</p>
        <p>{ta('landing.free')}</p>
        <Button onPress={() => void navigate('/authentication/registration')}>{t('landing.start')}</Button>
      </section>
      <LoginForm />
      <div className="rp-landing-page__panels">
        <Teasers id="landing-events" title={t('landing.events')} items={ta('landing.eventItems', { returnObjects: true }) as Teaser[]} />
        <Teasers id="landing-innovations" title={t('landing.innovations')} items={ta('landing.innovationItems', { returnObjects: true }) as Teaser[]} />
      </div>
    </div>
  );
}
