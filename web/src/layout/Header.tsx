import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Header as MenuHeader, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { APP_VERSION } from '../constants.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { HOME_PATH } from '../router/guards.ts';
import { useStores } from '../stores/StoreContext.tsx';

/**
 * Header: logo (→ /projects/projects when signed in, / when not), language switch and the user
 * menu: account (name + e-mail), organization (owners only), admin (administrators only),
 * "back to the app" on admin / user pages, logout, and the disabled version line.
 */
export const Header = observer(function Header() {
  const { session } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = session.user;
  const onAdminOrUserPage = pathname.startsWith('/admin') || pathname.startsWith('/user');

  return (
    <header className="rp-header">
      <Link to={session.isSignedIn ? HOME_PATH : '/'} className="rp-header__logo">
        rainplan<span className="rp-visually-hidden"> – {t('header.home')}</span>
      </Link>
      <div className="rp-header__end">
        <LanguageSwitch />
        {user !== undefined && (
          <MenuTrigger>
            <Button className="rp-button rp-button--ghost rp-header__user" aria-label={`${user.name} – ${t('header.userMenu')}`}>
              {user.name}
            </Button>
            <Popover className="rp-popover" placement="bottom end">
              <Menu
                className="rp-menu"
                onAction={(key) => {
                  if (key === 'logout') void session.logout().then(() => navigate('/'));
                  else navigate(String(key));
                }}
                disabledKeys={['version']}
              >
                <MenuItem id="/user/account" className="rp-menu__item" textValue={t('header.account')}>
                  <span className="rp-menu__title">{t('header.account')}</span>
                  <span className="rp-menu__detail">{user.name}</span>
                  <span className="rp-menu__detail">{user.email}</span>
                </MenuItem>
                {session.isOrganizationOwner && (
                  <MenuItem id="/user/organization" className="rp-menu__item">
                    {t('header.organization')}
                  </MenuItem>
                )}
                {session.isInternal && (
                  <MenuItem id="/projects/supportProjects" className="rp-menu__item">
                    {t('header.supportList')}
                  </MenuItem>
                )}
                {session.isAdmin && (
                  <MenuItem id="/admin/users" className="rp-menu__item">
                    {t('header.admin')}
                  </MenuItem>
                )}
                {onAdminOrUserPage && (
                  <MenuItem id={HOME_PATH} className="rp-menu__item">
                    {t('header.backToApp')}
                  </MenuItem>
                )}
                <MenuItem id="logout" className="rp-menu__item">
                  {t('header.logout')}
                </MenuItem>
                <Separator />
                <MenuSection>
                  <MenuHeader className="rp-visually-hidden">{t('header.version', { version: APP_VERSION })}</MenuHeader>
                  <MenuItem id="version" className="rp-menu__item rp-menu__version">
                    {t('header.version', { version: APP_VERSION })}
                  </MenuItem>
                </MenuSection>
              </Menu>
            </Popover>
          </MenuTrigger>
        )}
      </div>
    </header>
  );
});
