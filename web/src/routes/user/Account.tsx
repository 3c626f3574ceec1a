/**
 * Account (/user/account): personal data, roles (the user's, and the others GET /User/roles names),
 * change password, organization box (create / members / leave / delete) and "more options"
 * (closed: the release notes again, delete account with the project-transfer dialog), back to the
 * app (platform spec section 2).
 */
import { useCallback, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { APP_VERSION } from '../../constants.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { toUserUpdate } from '../auth/validation.ts';
import { ChangePasswordBox } from './ChangePasswordBox.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { CreateOrganizationDialog, MembersTable } from './OrganizationParts.tsx';
import { PersonalDataBox } from './PersonalDataBox.tsx';
import '../auth/auth.css';

/**
 * The user's roles; with `available` (GET /User/roles: the role names that can be assigned) the
 * other roles are listed too, as ones an administrator can assign.
 */
export const RolesBox = observer(function RolesBox({ roles, available }: { roles: readonly string[]; available?: readonly string[] | undefined }) {
  const { t } = useTranslation('account');
  const others = (available ?? []).filter((role) => !roles.includes(role));
  const name = (role: string) => t(`roles.names.${role}`, { defaultValue: role });
  return (
    <section className="rp-box" aria-labelledby="roles-title">
      <h2 id="roles-title">{t('roles.title')}</h2>
      {roles.length === 0 ? (
        <p>{t('roles.none')}</p>
      ) : (
        <ul className="rp-roles" aria-label={t('roles.held')}>
          {roles.map((role) => (
            <li key={role} className="rp-role">
              {name(role)}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && <p className="rp-form__note">{t('roles.others', { roles: others.map(name).join(', ') })}</p>}
    </section>
  );
});

const OrganizationBox = observer(function OrganizationBox() {
  const { session, organization, ui } = useStores();
  const { t } = useTranslation('organization');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<'leave' | 'delete' | undefined>(undefined);
  const own = session.user?.organization ?? null;
  const org = organization.organization;

  useEffect(() => {
    void organization.loadOwn();
  }, [organization, own?.id]);

  if (own === null)
    return (
      <section className="rp-box" aria-labelledby="organization-title">
        <h2 id="organization-title">{t('box.title')}</h2>
        <p>{t('box.none')}</p>
        <Button onPress={() => setCreating(true)}>{t('create.open')}</Button>
        <CreateOrganizationDialog
          isOpen={creating}
          onClose={() => setCreating(false)}
          onCreate={async (name) => {
            const ok = await ui.withWait(() => organization.create(name));
            if (ok) void navigate('/user/organization');
            return ok;
          }}
        />
      </section>
    );

  const isOwner = session.isOrganizationOwner;
  return (
    <section className="rp-box" aria-labelledby="organization-title">
      <h2 id="organization-title">{t('box.title')}</h2>
      <dl className="rp-dl">
        <dt>{t('fields.name')}</dt>
        <dd>{org?.name ?? own.name}</dd>
        <dt>{t('members.administrator')}</dt>
        <dd>
          {(org?.owner ?? own.owner).name}
          {(org?.owner ?? own.owner).email !== undefined && ` (${(org?.owner ?? own.owner).email})`}
        </dd>
      </dl>
      <MembersTable store={organization} />
      <div className="rp-form__actions">
        {isOwner ? (
          <>
            <Button variant="secondary" onPress={() => void navigate('/user/organization')}>
              {t('box.manage')}
            </Button>
            <Button variant="danger" onPress={() => setConfirming('delete')}>
              {t('delete.submit')}
            </Button>
          </>
        ) : (
          <Button variant="danger" onPress={() => setConfirming('leave')}>
            {t('leave.submit')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={confirming !== undefined}
        title={confirming === 'delete' ? t('delete.confirmTitle') : t('leave.confirmTitle')}
        text={<p>{confirming === 'delete' ? t('delete.confirmText', { name: org?.name ?? own.name }) : t('leave.confirmText', { name: org?.name ?? own.name })}</p>}
        confirmLabel={confirming === 'delete' ? t('delete.submit') : t('leave.submit')}
        danger
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          const action = confirming;
          setConfirming(undefined);
          void ui
            .withWait(() => (action === 'delete' ? organization.delete() : organization.leave()))
            .then((ok) => {
              if (ok) void navigate('/user/account');
            });
        }}
      />
    </section>
  );
});

export const Component = observer(function Account() {
  const { session, ui } = useStores();
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const loadPlan = useCallback(() => session.loadDeletionPlan(), [session]);
  const [availableRoles, setAvailableRoles] = useState<readonly string[] | undefined>(undefined);
  const user = session.user;
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return undefined;
    let live = true;
    void session.loadRoles().then((loaded) => live && loaded !== undefined && setAvailableRoles(loaded));
    return () => {
      live = false;
    };
  }, [session, userId]);
  if (user === undefined) return null;

  return (
    <div>
      <div className="rp-page-head">
        <h1>{t('title')}</h1>
        <Button variant="secondary" onPress={() => void navigate('/')}>
          {t('common:header.backToApp')}
        </Button>
      </div>
      <div className="rp-account">
        <PersonalDataBox user={user} onSave={async (data) => (await ui.withWait(() => session.updateProfile(toUserUpdate(data)))) !== 'failed'} />
        <div>
          <RolesBox roles={user.roles} available={availableRoles} />
          <ChangePasswordBox
            onChange={async (data) => {
              const ok = await ui.withWait(() => session.changePassword(data));
              if (ok) void navigate(`/?requestedLocation=${encodeURIComponent('/user/account')}`, { replace: true });
              return ok;
            }}
          />
        </div>
        <div className="rp-account__full">
          <OrganizationBox />
        </div>
        <Disclosure label={t('more.title')} className="rp-account__full">
          <div className="rp-account">
            <section className="rp-box" aria-labelledby="changelog-title">
              <h2 id="changelog-title">{t('more.changelogTitle')}</h2>
              <p>{t('more.changelogText', { version: APP_VERSION })}</p>
              <Button variant="secondary" onPress={() => ui.openChangelog()}>
                {t('more.changelogOpen')}
              </Button>
            </section>
            <section className="rp-box" aria-labelledby="delete-title">
              <h2 id="delete-title">{t('delete.title')}</h2>
              <p>{t('delete.text')}</p>
              <Button variant="danger" onPress={() => setDeleting(true)}>
                {t('delete.open')}
              </Button>
            </section>
          </div>
        </Disclosure>
      </div>
      <DeleteAccountDialog
        isOpen={deleting}
        userName={user.name}
        loadPlan={loadPlan}
        onClose={() => setDeleting(false)}
        onDelete={async (transfers) => {
          const ok = await ui.withWait(() => session.deleteAccount(transfers));
          if (ok) void navigate('/', { replace: true });
          return ok;
        }}
      />
    </div>
  );
});
