/**
 * The notice in the app about open organization invitations (decision 0070): for a signed-in
 * user, one line per invitation with a link to its page, where it is accepted or declined.
 * Loaded once per signed-in user (and again after an answer); not shown on the invitation page.
 */
import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useStores } from '../stores/StoreContext.tsx';
import './invitation-notice.css';

export const InvitationNotice = observer(function InvitationNotice() {
  const { session, invitations } = useStores();
  const { t } = useTranslation('invitations');
  const location = useLocation();
  const userId = session.isSignedIn ? session.user?.id : undefined;

  useEffect(() => {
    if (userId === undefined) invitations.clear();
    else if (invitations.receivedFor !== userId) void invitations.loadReceived();
  }, [userId, invitations]);

  if (userId === undefined || invitations.receivedFor !== userId || location.pathname.startsWith('/user/invitations/')) return null;
  if (invitations.received.length === 0) return null;
  return (
    <div className="rp-notices" role="region" aria-label={t('notice.region')}>
      {invitations.received.map((invitation) => (
        <div key={invitation.id} className="rp-notice rp-notice--info rp-invitation-notice" role="status">
          <span>{t('notice.text', { name: invitation.organization.name })}</span>
          <Link to={`/user/invitations/${encodeURIComponent(invitation.id)}`}>{t('notice.show')}</Link>
        </div>
      ))}
    </div>
  );
});
