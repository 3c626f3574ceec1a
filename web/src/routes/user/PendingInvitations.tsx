/**
 * The organization page's open invitations (decision 0070): who has been invited and not yet
 * answered, until when, and withdrawing an invitation (after the withdraw confirmation). Reloaded whenever the member count or the
 * invitation count of the organization changes (after inviting).
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PendingInvitation } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { WithdrawDialog } from '../../components/Dialog.tsx';
import { useStores } from '../../stores/StoreContext.tsx';

export const PendingInvitations = observer(function PendingInvitations({ organizationId, revision }: { organizationId: string; revision: unknown }) {
  const { invitations } = useStores();
  const { t, i18n } = useTranslation('invitations');
  const [withdrawing, setWithdrawing] = useState<PendingInvitation | undefined>(undefined);

  useEffect(() => {
    void invitations.loadPending(organizationId);
  }, [invitations, organizationId, revision]);

  return (
    <section className="rp-box" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title">{t('pending.title')}</h2>
      {invitations.pending.length === 0 ? (
        <p className="rp-form__note">{t('pending.none')}</p>
      ) : (
        <ul className="rp-pending-invitations">
          {invitations.pending.map((invitation) => (
            <li key={invitation.id}>
              <span>
                {invitation.email} <span className="rp-form__note">{t('pending.until', { date: new Date(invitation.expiresAt).toLocaleDateString(i18n.language) })}</span>
              </span>
              <Button
                variant="ghost"
                isDisabled={invitations.busy}
                aria-label={t('pending.withdrawLabel', { email: invitation.email })}
                onPress={() => setWithdrawing(invitation)}
              >
                {t('pending.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="rp-form__note">{t('pending.hint')}</p>
      <WithdrawDialog
        isOpen={withdrawing !== undefined}
        text={<p>{t('pending.withdrawText', { email: withdrawing?.email ?? '' })}</p>}
        onCancel={() => setWithdrawing(undefined)}
        onConfirm={() => {
          const invitation = withdrawing;
          setWithdrawing(undefined);
          if (invitation !== undefined) void invitations.withdraw(organizationId, invitation.id);
        }}
      />
    </section>
  );
});
