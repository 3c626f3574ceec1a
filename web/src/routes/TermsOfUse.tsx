/**
 * Terms of use (/termsOfUse): German only (spec section 1); in English the heading adds
 * "(German only)". The text lives in de/auth.json (terms.sections) and is always shown in German.
 */
import { useTranslation } from 'react-i18next';
import './auth/auth.css';

interface TermsSection {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

export function Component() {
  const { t, i18n } = useTranslation('auth');
  const sections = t('terms.sections', { lng: 'de', returnObjects: true }) as TermsSection[];
  return (
    <article className="rp-terms">
      <h1>{t('terms.title')}</h1>
      <div lang="de">
        <p className="rp-form__note">{t('terms.updated', { lng: 'de' })}</p>
        {(Array.isArray(sections) ? sections : []).map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
      {i18n.language !== 'de' && <p className="rp-form__note">{t('terms.germanOnlyNote')}</p>}
    </article>
  );
}
