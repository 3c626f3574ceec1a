import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_MARKER_DELAY_MS } from '../constants.ts';
import { useStores } from '../stores/StoreContext.tsx';
import { ProgressDialog } from './Dialog.tsx';

/**
 * Shown while `ui.waiting` (wrap long actions in `ui.withWait(...)`), after the spec's 100 ms
 * loading-marker delay; it asks the user not to close or reload the page (platform spec section 2),
 * and while it waits the browser asks before the page is left (`beforeunload`).
 */
export const WaitDialog = observer(function WaitDialog() {
  const { ui } = useStores();
  const { t } = useTranslation();
  const waiting = ui.waiting;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), LOADING_MARKER_DELAY_MS);
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeunload', ask);
    };
  }, [waiting]);
  return (
    <ProgressDialog
      isOpen={waiting && shown}
      title={t('wait.title')}
      text={
        <>
          <p>{t('wait.text')}</p>
          <p className="rp-wait__keep-open">{t('wait.keepOpen')}</p>
        </>
      }
    />
  );
});
