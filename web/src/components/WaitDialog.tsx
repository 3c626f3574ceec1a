import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/StoreContext.tsx';
import { ProgressDialog } from './Dialog.tsx';

/** Shown while `ui.waiting` (wrap long actions in `ui.withWait(...)`). */
export const WaitDialog = observer(function WaitDialog() {
  const { ui } = useStores();
  const { t } = useTranslation();
  return <ProgressDialog isOpen={ui.waiting} title={t('wait.title')} text={<p>{t('wait.text')}</p>} />;
});
