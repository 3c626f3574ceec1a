/**
 * The page of an invitation e-mail's link (/user/invitations/:invitationId; signed in, the guard
 * sends others to the login and back): who invites into which organization, what membership
 * means, and accept or decline (decision 0070). An invitation that is no longer open (answered,
 * withdrawn, expired, or addressed to another account) says so and leads on.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import '../auth/auth.css';

export const Component = observer(function InvitationPage() {
  const { session, invitations } = useStores();
  const { t, i18n } = useTranslation('invitations');
  const navigate = useNavigate();
  const { invitationId } = useParams();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let active = true;
    void invitations.loadReceived().then(() => {
      if (active) setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [invitations, session.user?.id]);

  const invitation = invitations.received.find((entry) => entry.id === invitationId);
  const currentOrganization = session.user?.organization ?? null;
  const head = <h1>{t('page.title')}</h1>;

  if (!loaded) return <div className="rp-form-page">{head}</div>;
  if (invitations.receivedFailed)
    return (
      <div className="rp-form-page">
        {head}
        <div className="rp-box" role="alert">
          <p>{t('page.loadFailed')}</p>
          <Button variant="secondary" onPress={() => void invitations.loadReceived()}>
            {t('page.retry')}
          </Button>
        </div>
      </div>
    );
  if (invitation === undefined)
    return (
      <div className="rp-form-page">
        {head}
        <div className="rp-box">
          <p>{t('page.notOpen', { email: session.user?.email ?? '' })}</p>
          <Link to="/projects/projects">{t('page.toProjects')}</Link>
        </div>
      </div>
    );

  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div className="rp-form-page">
      {head}
      <section className="rp-box" aria-labelledby="invitation-title">
        <h2 id="invitation-title">{t('page.organization', { name: invitation.organization.name })}</h2>
        <p>
          {invitation.invitedBy === null
            ? t('page.invited', { organization: invitation.organization.name })
            : t('page.invitedBy', { name: invitation.invitedBy.name, email: invitation.invitedBy.email, organization: invitation.organization.name })}
        </p>
        <p>{t('page.meaning')}</p>
        <p className="rp-form__note">{t('page.validUntil', { date: date(invitation.expiresAt) })}</p>
        {currentOrganization !== null && (
          <p className="rp-form__note" role="note">
            {t('page.alreadyMember', { name: currentOrganization.name })} <Link to="/user/account">{t('page.toAccount')}</Link>
          </p>
        )}
        <div className="rp-form__actions">
          <Button
            isDisabled={invitations.busy || currentOrganization !== null}
            onPress={() => void invitations.accept(invitation).then((ok) => ok && navigate('/user/account'))}
          >
            {t('page.accept')}
          </Button>
          <Button variant="secondary" isDisabled={invitations.busy} onPress={() => void invitations.decline(invitation).then((ok) => ok && navigate('/projects/projects'))}>
            {t('page.decline')}
          </Button>
        </div>
      </section>
    </div>
  );
});
