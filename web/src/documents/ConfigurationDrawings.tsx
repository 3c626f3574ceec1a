/**
 * A box configuration's drawings on the documents page (decision 0221): a button shows them (the
 * api draws and rasterises them only then) and hides them again; while they load a status line,
 * a failure with a retry, no drawing at all says so.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { useStores } from '../stores/StoreContext.tsx';
import { DrawingsStore } from './DrawingsStore.ts';

export const ConfigurationDrawings = observer(function ConfigurationDrawings({ configurationId, name }: { configurationId: string; name: string }) {
  const { t } = useTranslation('documents');
  const root = useStores();
  const [store] = useState(() => new DrawingsStore(root, configurationId));
  const [open, setOpen] = useState(false);
  const toggle = () => {
    if (!open && store.outdated) void store.load();
    setOpen(!open);
  };
  return (
    <div className="rp-drawings" data-testid={`drawings-${configurationId}`}>
      <Button variant="ghost" aria-expanded={open} aria-label={t(open ? 'drawing.hideOf' : 'drawing.showOf', { name })} onPress={toggle}>
        {t(open ? 'drawing.hide' : 'drawing.show')}
      </Button>
      {open && store.status === 'loading' && (
        <p role="status" className="rp-muted">
          {t('drawing.loading')}
        </p>
      )}
      {open && store.status === 'failed' && (
        <p role="alert">
          {t('drawing.failed')}{' '}
          <Button variant="ghost" onPress={() => void store.load()}>
            {t('download.retry')}
          </Button>
        </p>
      )}
      {open && store.status === 'loaded' && store.drawings.length === 0 && <p className="rp-muted">{t('drawing.none')}</p>}
      {open && store.status === 'loaded' && store.drawings.length > 0 && (
        <div className="rp-drawings__list">
          {store.drawings.map((drawing, index) => (
            <figure key={`${drawing.view}-${index}`} className="rp-drawings__figure">
              <img src={drawing.src} alt={`${t(`drawing.${drawing.view}`)}: ${name}`} style={{ maxWidth: '100%', height: 'auto' }} />
              <figcaption>{t(`drawing.${drawing.view}`)}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
});
