import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { translateNotice } from '../i18n/index.ts';
import { useStores } from '../stores/StoreContext.tsx';
import type { Notice } from '../stores/NotificationStore.ts';

function NoticeItem({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = useTranslation();
  const text = notice.params !== undefined && notice.message !== undefined ? t(notice.message, notice.params) : translateNotice(t, notice);
  return (
    <div className={`rp-notice rp-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{text}</span>
      <button type="button" className="rp-notice__dismiss" aria-label={t('notices.dismiss')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** The top notification (success / info, 10 s) and the global error notice (5 s). */
export const Notices = observer(function Notices() {
  const { notifications } = useStores();
  const { t } = useTranslation();
  return (
    <>
      <div className="rp-notices rp-notices--top" role="region" aria-label={t('notices.region')} aria-live="polite">
        {notifications.messages.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onDismiss={() => notifications.dismiss(notice.id)} />
        ))}
      </div>
      <div className="rp-notices rp-notices--errors" aria-live="assertive">
        {notifications.errors.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onDismiss={() => notifications.dismiss(notice.id)} />
        ))}
      </div>
    </>
  );
});
