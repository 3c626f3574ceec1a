import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/StoreContext.tsx';
import { AppDialog } from './Dialog.tsx';
import { Button } from './Button.tsx';
import { Checkbox } from './Checkbox.tsx';

/** Entries of the changelog, newest first (texts in common.json under changelog.entries.<key>). */
export const CHANGELOG = [{ version: '1.0.5', date: '2025-08-19', key: '1_0_5' }] as const;

/**
 * Shown when the stored version differs from 1.0.5; closing stores 1.0.5 (UiStore). Its
 * do-not-show-again option (platform spec section 2) is ticked: unticked, closing stores nothing
 * and the dialog shows again at the next start.
 */
export const ChangelogDialog = observer(function ChangelogDialog() {
  const { ui } = useStores();
  const { t } = useTranslation();
  const [dontShowAgain, setDontShowAgain] = useState(true);
  const close = () => ui.closeChangelog(dontShowAgain);
  return (
    <AppDialog
      isOpen={ui.changelogOpen}
      title={t('changelog.title')}
      onClose={close}
      actions={
        <>
          <Checkbox isSelected={dontShowAgain} onChange={setDontShowAgain}>
            {t('changelog.dontShowAgain')}
          </Checkbox>
          <Button onPress={close}>{t('actions.close')}</Button>
        </>
      }
    >
      {CHANGELOG.map((entry) => (
        <section key={entry.version} className="rp-changelog__entry">
          <h3>
            <time dateTime={entry.date}>{t(`changelog.entries.${entry.key}.title`)}</time>
          </h3>
          <ul>
            {(t(`changelog.entries.${entry.key}.items`, { returnObjects: true }) as string[]).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </AppDialog>
  );
});
