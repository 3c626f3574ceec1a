import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_MARKER_DELAY_MS } from '../constants.ts';
import { useStores } from '../stores/StoreContext.tsx';
import { ProgressDialog } from './Dialog.tsx';

/** Shown while `ui.waiting` (wrap long actions in `ui.withWait(...)`), after the spec's 100 ms loading-marker delay. */
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
    return () => clearTimeout(timer);
  }, [waiting]);
  return <ProgressDialog isOpen={waiting && shown} title={t('wait.title')} text={<p>{t('wait.text')}</p>} />;
});
