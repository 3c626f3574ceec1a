/**
 * Smaller parts of the configurator screen: the floating selection bar, the engine's messages
 * in place, the save state with the version-conflict choice, and the loading overlay.
 */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { formatNumber } from '../dimensioning/ui/format.ts';
import type { GridItem } from '@rainplan/engine/boxgrid';
import type { ConfiguratorStore } from './ConfiguratorStore.ts';
import { gridMessageText } from './dialogs/gridMessage.ts';

/** Floating bar over the canvas while a selection exists: what is selected and what can be done with it. */
export const SelectionBar = observer(function SelectionBar({ store, onConnections }: { store: ConfiguratorStore; onConnections: (item: GridItem) => void }) {
  const { t } = useTranslation('configurator');
  const area = store.selection;
  if (area === null || !store.hasGrid) return null;
  const cells = (area.x1 - area.x0 + 1) * (area.z1 - area.z0 + 1);
  const items = store.selectedItems;
  const single = items.length === 1 ? items[0] : undefined;
  return (
    <div className="rp-cfg-selection" role="region" aria-label={t('selection.label')} data-testid="selection-bar">
      <span>{t('selection.summary', { cells, items: items.length })}</span>
      <Button variant="secondary" onPress={() => store.fillSelection()} aria-keyshortcuts="Enter" isDisabled={store.perspective}>
        {t('selection.fill')}
      </Button>
      <Button variant="secondary" onPress={() => store.eraseSelection()} aria-keyshortcuts="Delete" isDisabled={items.length === 0 || store.perspective}>
        {t('selection.erase')}
      </Button>
      <Button variant="secondary" onPress={() => store.rotateSelection()} aria-keyshortcuts="R" isDisabled={items.length === 0 || store.perspective}>
        {t('selection.rotate')}
      </Button>
      <Button variant="secondary" onPress={() => single !== undefined && store.openOptions(single)} aria-keyshortcuts="P" isDisabled={single === undefined}>
        {t('selection.options')}
      </Button>
      <Button variant="secondary" onPress={() => single !== undefined && onConnections(single)} isDisabled={single?.kind !== 'BOX'} data-testid="selection-connections">
        {t('selection.connections')}
      </Button>
      <Button variant="ghost" onPress={() => store.select(null)} aria-keyshortcuts="Escape">
        {t('selection.clear')}
      </Button>
    </div>
  );
});

/** The engine's messages (refusals, checks, skipped items), in place above the canvas. */
export const MessageList = observer(function MessageList({ store }: { store: ConfiguratorStore }) {
  const { t, i18n } = useTranslation('configurator');
  const messages = store.messages;
  if (messages.length === 0) return null;
  return (
    <ul className="rp-cfg-messages" aria-live="polite" data-testid="configurator-messages">
      {messages.map((m, i) => (
        <li key={`${m.code}-${i}`} className={`rp-cfg-message rp-cfg-message--${m.severity}`} data-code={m.code}>
          {gridMessageText(t, m, i18n.language)}
          {i === 0 && store.refusal !== undefined && (
            <Button variant="ghost" onPress={() => store.clearRefusal()} aria-label={t('messages.dismiss')}>
              ×
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
});

/** Save state of the layout; on a version conflict the choice between reloading and overwriting. */
export const SaveState = observer(function SaveState({ store }: { store: ConfiguratorStore }) {
  const { t, i18n } = useTranslation('configurator');
  const status = store.saveStatus;
  if (!store.hasGrid) return null;
  if (status === 'conflict') {
    return (
      <div className="rp-cfg-conflict" role="alert" data-testid="configurator-conflict">
        <p>{t('save.conflictText')}</p>
        <Button variant="secondary" onPress={() => void store.resolveConflict('reload')}>
          {t('save.reload')}
        </Button>
        <Button variant="danger" onPress={() => void store.resolveConflict('overwrite')}>
          {t('save.overwrite')}
        </Button>
      </div>
    );
  }
  const count = store.itemCount;
  return (
    <p className={`rp-cfg-save rp-cfg-save--${status}`} role="status" data-testid="configurator-save-status" data-status={status}>
      {t(`save.status.${status}`)}
      {status === 'failed' && (
        <Button variant="ghost" onPress={() => void store.flush()}>
          {t('save.retry')}
        </Button>
      )}
      <span className="rp-cfg-save__count">{t('save.items', { count, formatted: formatNumber(count, i18n.language, 0) })}</span>
    </p>
  );
});

/** Covers the screen until item types, property sets, project and items are all there (spec §4). */
export const LoadingOverlay = observer(function LoadingOverlay({ store }: { store: ConfiguratorStore }) {
  const { t } = useTranslation('configurator');
  if (store.status === 'failed') {
    return (
      <div className="rp-cfg-overlay" role="alert" data-testid="configurator-load-failed">
        <p>{t('load.failed')}</p>
        <Button onPress={() => void store.reload()}>{t('load.retry')}</Button>
      </div>
    );
  }
  if (!store.loading) return null;
  return (
    <div className="rp-cfg-overlay" role="status" aria-live="polite" data-testid="configurator-loading">
      <span className="rp-cfg-overlay__spinner" aria-hidden="true" />
      <p>{t('load.loading')}</p>
    </div>
  );
});
