import { useTranslation } from 'react-i18next';

/** Marks a screen that is not built yet (each placeholder lives in its own route module). */
export function Placeholder({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <section className="rp-placeholder" data-testid="placeholder" data-screen={screen}>
      <h1>{t('placeholder.title')}</h1>
      <p>{t('placeholder.text', { screen })}</p>
    </section>
  );
}
