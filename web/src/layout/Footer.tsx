import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBranding } from '../branding/branding.ts';
import { config } from '../config.ts';
import { HOME_PATH } from '../router/guards.ts';
import { useStores } from '../stores/StoreContext.tsx';

/**
 * Footer: quick links, the provider's links (news, downloads, price list, technical information,
 * CAD drawings, tender texts in German and English, country, social and app-store links), the
 * provider's address block and the legal links — from the operator's branding (GET /api/Branding,
 * docs/branding.md); while it loads or without one, the build's provider links (config.ts).
 * `planner` false (a share link's view): no links into the planner (projects, new project).
 */
export function Footer({ planner = true }: { planner?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  const { api } = useStores();
  const branding = useBranding(api);
  const links = branding?.links;
  const fallback = config.providerLinks;
  const english = i18n.language.startsWith('en');
  return (
    <footer className="rp-footer" data-testid="footer">
      <nav aria-label={t('footer.quickLinks')} className="rp-footer__column">
        <h2>{t('footer.quickLinks')}</h2>
        <ul>
          {planner && (
            <>
              <li>
                <Link to={HOME_PATH}>{t('footer.projects')}</Link>
              </li>
              <li>
                <Link to="/project/new">{t('footer.newProject')}</Link>
              </li>
            </>
          )}
          <li>
            <a href={links?.website ?? fallback.website}>{t('footer.website')}</a>
          </li>
          {links !== undefined && (
            <>
              <li>
                <a href={links.news}>{t('footer.news')}</a>
              </li>
              <li>
                <a href={links.country.url}>{links.country.label}</a>
              </li>
            </>
          )}
        </ul>
      </nav>
      {links !== undefined && (
        <nav aria-label={t('footer.service')} className="rp-footer__column" data-testid="footer-service">
          <h2>{t('footer.service')}</h2>
          <ul>
            <li>
              <a href={links.downloads}>{t('footer.downloads')}</a>
            </li>
            <li>
              <a href={links.priceList}>{t('footer.priceList')}</a>
            </li>
            <li>
              <a href={links.technicalInformation}>{t('footer.technicalInformation')}</a>
            </li>
            <li>
              <a href={links.cadDrawings}>{t('footer.cadDrawings')}</a>
            </li>
            <li>
              <a href={english ? links.tenderTextsEn : links.tenderTextsDe} hrefLang={english ? 'en' : 'de'}>
                {t('footer.tenderTexts')}
              </a>
            </li>
            <li>
              <a href={english ? links.tenderTextsDe : links.tenderTextsEn} hrefLang={english ? 'de' : 'en'}>
                {t('footer.tenderTextsOther')}
              </a>
            </li>
          </ul>
        </nav>
      )}
      {links !== undefined && (links.social.length > 0 || links.appStores.length > 0) && (
        <nav aria-label={t('footer.follow')} className="rp-footer__column">
          <h2>{t('footer.follow')}</h2>
          <ul>
            {[...links.social, ...links.appStores].map((l) => (
              <li key={l.url}>
                <a href={l.url}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="rp-footer__column">
        <h2>{t('footer.addressTitle')}</h2>
        <address className="rp-footer__address">{branding == null ? t('footer.address') : `${branding.company}\n${branding.address}`}</address>
      </div>
      <nav aria-label={t('footer.legal')} className="rp-footer__column">
        <h2>{t('footer.legal')}</h2>
        <ul>
          <li>
            <Link to="/termsOfUse">{t('footer.termsOfUse')}</Link>
          </li>
          <li>
            <a href={links?.imprint ?? fallback.imprint}>{t('footer.imprint')}</a>
          </li>
          <li>
            <a href={links?.privacy ?? fallback.privacy}>{t('footer.privacy')}</a>
          </li>
          <li>
            <a href={links?.contact ?? fallback.contact}>{t('footer.contact')}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
