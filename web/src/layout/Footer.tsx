import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { config } from '../config.ts';
import { HOME_PATH } from '../router/guards.ts';

/**
 * Footer: quick links, the provider's address block, legal links (provider links from config.ts).
 * `planner` false (a share link's view): no links into the planner (projects, new project).
 */
export function Footer({ planner = true }: { planner?: boolean } = {}) {
  const { t } = useTranslation();
  const links = config.providerLinks;
  return (
    <footer className="rp-footer">
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
            <a href={links.website}>{t('footer.website')}</a>
          </li>
        </ul>
      </nav>
      <div className="rp-footer__column">
        <h2>{t('footer.addressTitle')}</h2>
        <address className="rp-footer__address">{t('footer.address')}</address>
      </div>
      <nav aria-label={t('footer.legal')} className="rp-footer__column">
        <h2>{t('footer.legal')}</h2>
        <ul>
          <li>
            <Link to="/termsOfUse">{t('footer.termsOfUse')}</Link>
          </li>
          <li>
            <a href={links.imprint}>{t('footer.imprint')}</a>
          </li>
          <li>
            <a href={links.privacy}>{t('footer.privacy')}</a>
          </li>
          <li>
            <a href={links.contact}>{t('footer.contact')}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
