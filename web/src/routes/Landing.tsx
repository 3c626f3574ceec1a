/**
 * Landing page (/) — minimal version from the foundation. Owner: engineer (a) — extend this file
 * with the login form (e-mail, password, forgot password, resend confirmation, continue without
 * account, register), events and innovations (platform spec section 2). Signed-in visitors never
 * see it (router/guards.ts redirects them).
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../components/Button.tsx';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="rp-landing">
      <h1>{t('landing.title')}</h1>
      <p>{t('landing.description')}</p>
      <Button onPress={() => void navigate('/authentication/registration')}>{t('landing.start')}</Button>
      <div className="rp-landing__panels">
        <section>
          <h2>{t('landing.events')}</h2>
        </section>
        <section>
          <h2>{t('landing.innovations')}</h2>
        </section>
      </div>
    </section>
  );
}
