/**
 * Route module: the box configurator (/project/{projectId}/configurator; planning spec §2 "Box
 * configurator", §4 "Box grid", §5, §9). Lazy: Babylon.js loads only with this route (through
 * ConfiguratorCanvas → scene/). State and saving live in `configuratorStore(store)`
 * (configurator/ConfiguratorStore.ts); dialogs and panels are in configurator/dialogs|panels.
 *
 * `?measureId=<id>` (the measure editor's "Configure"): opens that measure's configuration, or
 * offers to create one for it when it has none.
 */
import { observer } from 'mobx-react-lite';
import { computed } from 'mobx';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import { ConfiguratorCanvas } from '../../configurator/ConfiguratorCanvas.tsx';
import { configuratorStore, type ConfiguratorStore } from '../../configurator/ConfiguratorStore.ts';
import { ItemTypeTabs, Toolbar } from '../../configurator/Toolbar.tsx';
import { LoadingOverlay, MessageList, SaveState, SelectionBar } from '../../configurator/ScreenParts.tsx';
import { ConfigurationPicker } from '../../configurator/dialogs/ConfigurationPicker.tsx';
import { CreateConfigurationDialog, DeleteConfigurationDialog, RenameConfigurationDialog } from '../../configurator/dialogs/ConfigurationDialogs.tsx';
import { ItemOptionsDialog } from '../../configurator/dialogs/ItemOptionsDialog.tsx';
import { ConnectionDialog } from '../../configurator/dialogs/ConnectionDialog.tsx';
import { ConfiguratorExtras } from '../../configurator/dialogs/ConfiguratorExtras.tsx';
import { LayerBoxCount, LayersPanel } from '../../configurator/panels/LayersPanel.tsx';
import { SidePanel } from '../../configurator/panels/SidePanel.tsx';
import { PurposePanel } from '../../configurator/panels/PurposePanel.tsx';
import { Button } from '../../components/Button.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { itemAt, measureBlock, type GridItem } from '@rainplan/engine/boxgrid';
import '../../configurator/configurator.css';

/** Spec §9: at most 7 layers. */
const MAX_LAYERS = 7;

type DialogState = { kind: 'none' } | { kind: 'create' } | { kind: 'rename' } | { kind: 'delete' } | { kind: 'connections'; item: GridItem };

export const Component = observer(function Configurator() {
  const store = useStores();
  const { t } = useTranslation('configurator');
  const { projectId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const measureId = searchParams.get('measureId') ?? undefined;
  const cfg = configuratorStore(store);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });

  useEffect(() => {
    void cfg.open(projectId);
    const onHide = () => {
      if (document.visibilityState === 'hidden') void cfg.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      void cfg.close();
    };
  }, [cfg, projectId]);

  // the measure editor's "Configure": that measure's configuration, else offer to create one
  const ready = cfg.status === 'ready' && !cfg.loading;
  useEffect(() => {
    if (!ready || measureId === undefined) return;
    const linked = cfg.configurations.find((c) => c.measureId === measureId);
    if (linked !== undefined) {
      if (linked.id !== cfg.selectedId) void cfg.selectConfiguration(linked.id);
    } else if (cfg.eligibleMeasures.some((m) => m.id === measureId)) setDialog({ kind: 'create' });
    // once per arrival with that measure (not again when the configurations change)
  }, [ready, measureId]);

  // This component does not read the grid: an edit re-renders only the observers that show a
  // changed value (the sections below, the toolbar's undo / redo, the save state; decision 0151).
  const hasGrid = cfg.hasGrid;
  const selected = cfg.selected;
  const target = cfg.optionsTarget;
  const targetType = target === undefined ? undefined : cfg.itemType(target.boxTypeId);
  const closeDialog = useCallback(() => setDialog({ kind: 'none' }), []);

  return (
    <section className={`rp-cfg${cfg.fullscreen ? ' rp-cfg--fullscreen' : ''}`} aria-labelledby="configurator-title" aria-busy={cfg.loading}>
      <header className="rp-cfg__header">
        <h1 id="configurator-title">{t('title')}</h1>
        <ConfigurationPicker
          configurations={cfg.configurations}
          selectedId={cfg.selectedId ?? null}
          onSelect={(id) => void cfg.selectConfiguration(id)}
          onAdd={() => setDialog({ kind: 'create' })}
          onRename={() => setDialog({ kind: 'rename' })}
          onDelete={() => setDialog({ kind: 'delete' })}
          isDisabled={cfg.status !== 'ready'}
        />
        {selected?.measureId != null && <p className="rp-cfg__measure">{t('linkedMeasure', { name: cfg.measureName(selected.measureId) ?? '' })}</p>}
        <SaveState store={cfg} />
        <ConfiguratorExtras />
      </header>
      <Toolbar store={cfg} />
      <div className="rp-cfg__body">
        <aside className="rp-cfg__left">
          <ItemTypeTabs store={cfg} />
          {hasGrid && <LayersSection cfg={cfg} />}
        </aside>
        <div className="rp-cfg__stage">
          <ConfiguratorCanvas store={cfg} />
          <OutsideItemsNotice cfg={cfg} />
          <LayerFullHint cfg={cfg} />
          {/* Below the canvas, not above it: the messages never push the grid down (issue 27). */}
          <MessageList store={cfg} />
          <SelectionBar store={cfg} onConnections={(item) => setDialog({ kind: 'connections', item })} />
          {cfg.status === 'ready' && cfg.configurations.length === 0 && (
            <div className="rp-cfg__empty" data-testid="configurator-empty">
              <p>{t('createDialog.noConfigs')}</p>
            </div>
          )}
        </div>
        {hasGrid && (
          <aside className="rp-cfg__right">
            <SideSection cfg={cfg} />
          </aside>
        )}
      </div>
      <LoadingOverlay store={cfg} />

      <CreateConfigurationDialog
        isOpen={dialog.kind === 'create'}
        measures={cfg.eligibleMeasures.map((m) => {
          const block = measureBlock(m);
          return { id: m.id, name: m.name, ...(block.fits ? {} : { tooManyItems: block.items }) };
        })}
        initialMeasureId={measureId}
        onCreate={(input) => {
          setDialog({ kind: 'none' });
          void store.ui.withWait(() => cfg.createConfiguration(input.measureId, input.name));
        }}
        onCancel={() => setDialog({ kind: 'none' })}
      />
      <RenameConfigurationDialog
        isOpen={dialog.kind === 'rename'}
        name={selected?.name ?? ''}
        onRename={(name) => {
          setDialog({ kind: 'none' });
          void cfg.renameConfiguration(name);
        }}
        onCancel={() => setDialog({ kind: 'none' })}
      />
      <DeleteConfigurationDialog
        isOpen={dialog.kind === 'delete'}
        name={selected?.name ?? ''}
        onDelete={() => {
          setDialog({ kind: 'none' });
          void store.ui.withWait(() => cfg.deleteConfiguration());
        }}
        onCancel={() => setDialog({ kind: 'none' })}
      />
      <ItemOptionsDialog
        isOpen={target !== undefined}
        itemType={targetType}
        options={target?.options ?? []}
        propertySet={(id) => cfg.propertySet(id)}
        onApply={(options) => {
          if (target !== undefined) cfg.setItemOptions(target, options);
          cfg.closeOptions();
        }}
        onCancel={() => cfg.closeOptions()}
      />
      <ConnectionSection cfg={cfg} item={dialog.kind === 'connections' ? dialog.item : undefined} onClose={closeDialog} />
    </section>
  );
});

/** The layers panel over the store: re-renders when the layers, the current layer or perspective change, not on an edit. */
const LayersSection = observer(function LayersSection({ cfg }: { cfg: ConfiguratorStore }) {
  const onSelect = useCallback((y: number) => cfg.setLayer(y), [cfg]);
  const onAdd = useCallback(() => cfg.insertLayerEmpty(), [cfg]);
  const onDuplicate = useCallback((y: number) => cfg.insertLayer(y, 'above'), [cfg]);
  const onDelete = useCallback((y: number) => cfg.deleteLayer(y), [cfg]);
  const onMove = useCallback((from: number, to: number) => cfg.moveLayer(from, to), [cfg]);
  const renderBoxCount = useCallback((y: number) => <LayerCount cfg={cfg} y={y} />, [cfg]);
  return (
    <LayersPanel
      layerCount={cfg.layerCount}
      currentLayer={cfg.layer}
      maxLayers={MAX_LAYERS}
      renderBoxCount={renderBoxCount}
      onSelect={onSelect}
      onAdd={onAdd}
      onDuplicate={onDuplicate}
      onDelete={onDelete}
      onMove={onMove}
      isDisabled={cfg.perspective}
    />
  );
});

/** One layer's box count (its own computed value: an edit re-renders the count of the edited layer only). */
const LayerCount = observer(function LayerCount({ cfg, y }: { cfg: ConfiguratorStore; y: number }) {
  const count = useMemo(() => computed(() => cfg.layerBoxCounts[y]), [cfg, y]).get();
  return count === undefined ? null : <LayerBoxCount count={count} />;
});

/** The side panel over the store: its figures follow the volumes; its fields re-render only when their values change. */
const SideSection = observer(function SideSection({ cfg }: { cfg: ConfiguratorStore }) {
  const settings = cfg.sideSettings;
  if (settings === undefined) return null;
  return (
    <SidePanel
      volumes={cfg.volumes}
      lengthM={settings.lengthM}
      widthM={settings.widthM}
      groundLevel={settings.groundLevel}
      plantBottomLevel={settings.plantBottomLevel}
      stormwaterObjective={settings.stormwaterObjective}
      storageCoefficient={settings.storageCoefficient}
      heightOverrideM={settings.heightOverrideM}
      onHeightOverride={(v) => cfg.patchSettings({ heightOverrideM: v })}
      onResize={(l, w) => cfg.resize(l, w)}
      onGroundLevel={(v) => cfg.patchSettings({ groundLevel: v })}
      onPlantBottomLevel={(v) => cfg.patchSettings({ plantBottomLevel: v })}
      onStormwaterObjective={(v) => cfg.patchSettings({ stormwaterObjective: v })}
      isDisabled={cfg.loading}
      purpose={<PurposeSection cfg={cfg} />}
    />
  );
});

/**
 * An old configuration holds items beyond its stored grid (the api refuses such items now): says
 * how many and offers to enlarge the stored grid or remove them, one click each; nothing is saved
 * until the planner chooses.
 */
const OutsideItemsNotice = observer(function OutsideItemsNotice({ cfg }: { cfg: ConfiguratorStore }) {
  const { t, i18n } = useTranslation('configurator');
  const outside = cfg.outsideItems;
  if (outside === undefined) return null;
  const m = (v: number) => formatNumber(v, i18n.language, 1, 1);
  return (
    <div className="rp-cfg__outside" role="alert" data-testid="outside-items">
      <p>{t('outsideItems.text', { count: outside.count, length: m(outside.lengthM), width: m(outside.widthM) })}</p>
      <div className="rp-cfg__outside-actions">
        <Button variant="primary" data-testid="outside-items-enlarge" onPress={() => void cfg.resolveOutsideItems('enlarge')}>
          {t('outsideItems.enlarge', { length: m(outside.grownLengthM), width: m(outside.grownWidthM) })}
        </Button>
        <Button variant="secondary" data-testid="outside-items-remove" onPress={() => void cfg.resolveOutsideItems('remove')}>
          {t('outsideItems.remove', { count: outside.count })}
        </Button>
      </div>
    </div>
  );
});

/** Says how to make room when every cell of the current layer is taken (e.g. a new configuration that is exactly its measure's block). */
const LayerFullHint = observer(function LayerFullHint({ cfg }: { cfg: ConfiguratorStore }) {
  const { t } = useTranslation('configurator');
  if (!cfg.layerFull) return null;
  return (
    <p className="rp-hint rp-cfg__layer-full" role="status" data-testid="layer-full">
      {t('layerFull')}
    </p>
  );
});

/** The measure's required volume, the verdict and the bill total (its own observer: recomputed after saved edits). */
const PurposeSection = observer(function PurposeSection({ cfg }: { cfg: ConfiguratorStore }) {
  return <PurposePanel purpose={cfg.purpose} billTotal={cfg.billTotal} previousBillTotal={cfg.previousBillTotal} />;
});

/** The connection dialog of a box (reads the grid only while it is open). */
const ConnectionSection = observer(function ConnectionSection({ cfg, item, onClose }: { cfg: ConfiguratorStore; item: GridItem | undefined; onClose: () => void }) {
  const grid = item === undefined ? undefined : cfg.grid;
  const connectionItem = item !== undefined && grid !== undefined ? (itemAt(grid, item.x, item.y, item.z) ?? undefined) : undefined;
  return (
    <ConnectionDialog
      isOpen={connectionItem !== undefined}
      itemType={connectionItem === undefined ? undefined : cfg.itemType(connectionItem.boxTypeId)}
      rotation={connectionItem?.rotation ?? 'North'}
      options={connectionItem?.options ?? []}
      propertySet={(id) => cfg.propertySet(id)}
      plants={cfg.plants}
      blockedSides={connectionItem === undefined ? [] : cfg.blockedSides(connectionItem)}
      onApply={(options) => {
        if (connectionItem !== undefined) cfg.setItemOptions(connectionItem, options);
        onClose();
      }}
      onCancel={onClose}
    />
  );
});
