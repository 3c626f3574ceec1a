/**
 * Organization page (/user/organization), for the owner: headline; on the left the members
 * summary, invite, rename and transfer administration; on the right (larger) the member table
 * with remove; back to the app. Loads the user and their organization; a failed load → /error.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { InviteForm, MembersTable, OrganizationSummary, RenameForm, TransferForm } from './OrganizationParts.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';
import '../auth/auth.css';

export const Component = observer(function OrganizationPage() {
  const { session, organization } = useStores();
  const { t } = useTranslation('organization');
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let active = true;
    void (async () => {
      await session.reload();
      const ok = session.isSignedIn && (await organization.loadOwn());
      if (!active) return;
      if (!ok) void navigate('/error', { replace: true });
      else setLoaded(true);
    })();
    return () => {
      active = false;
    };
  }, [session, organization, navigate]);

  const org = organization.organization;
  const head = (
    <div className="rp-page-head">
      <h1>{org === undefined ? t('page.title') : t('page.titleWithName', { name: org.name })}</h1>
      <Button variant="secondary" onPress={() => void navigate('/')}>
        {t('common:header.backToApp')}
      </Button>
    </div>
  );
  if (!loaded) return head;
  if (org === undefined || !session.isOrganizationOwner)
    return (
      <div>
        {head}
        <div className="rp-box">
          <p>{t('page.notOwner')}</p>
          <Link to="/user/account">{t('page.toAccount')}</Link>
        </div>
      </div>
    );

  return (
    <div>
      {head}
      <div className="rp-organization">
        <div className="rp-organization__blocks">
          <OrganizationSummary organization={org} />
          <InviteForm store={organization} />
          <PendingInvitations organizationId={org.id} revision={org} />
          <RenameForm store={organization} />
          <TransferForm store={organization} onTransferred={() => void navigate('/user/account')} />
        </div>
        <section className="rp-box" aria-labelledby="members-title">
          <h2 id="members-title">{t('members.tableTitle')}</h2>
          <p className="rp-form__note">{t('members.removeHint')}</p>
          <MembersTable store={organization} canRemove />
        </section>
      </div>
    </div>
  );
});
