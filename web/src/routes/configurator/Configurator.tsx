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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import { ConfiguratorCanvas } from '../../configurator/ConfiguratorCanvas.tsx';
import { configuratorStore } from '../../configurator/ConfiguratorStore.ts';
import { ItemTypeTabs, Toolbar } from '../../configurator/Toolbar.tsx';
import { LoadingOverlay, MessageList, SaveState, SelectionBar } from '../../configurator/ScreenParts.tsx';
import { ConfigurationPicker } from '../../configurator/dialogs/ConfigurationPicker.tsx';
import { CreateConfigurationDialog, DeleteConfigurationDialog, RenameConfigurationDialog } from '../../configurator/dialogs/ConfigurationDialogs.tsx';
import { ItemOptionsDialog } from '../../configurator/dialogs/ItemOptionsDialog.tsx';
import { ConnectionDialog } from '../../configurator/dialogs/ConnectionDialog.tsx';
import { ConfiguratorExtras } from '../../configurator/dialogs/ConfiguratorExtras.tsx';
import { LayersPanel } from '../../configurator/panels/LayersPanel.tsx';
import { SidePanel } from '../../configurator/panels/SidePanel.tsx';
import { gridLengthM, gridWidthM, itemAt, type GridItem } from '@rainplan/engine/boxgrid';
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

  const grid = cfg.grid;
  const selected = cfg.selected;
  const target = cfg.optionsTarget;
  const targetType = target === undefined ? undefined : cfg.itemType(target.boxTypeId);
  const connectionItem = dialog.kind === 'connections' && grid !== undefined ? (itemAt(grid, dialog.item.x, dialog.item.y, dialog.item.z) ?? undefined) : undefined;
  const boxCounts = grid === undefined ? [] : grid.layers.map((layer) => layer.reduce((n, item) => (item === null ? n : n + 1), 0));

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
      <MessageList store={cfg} />
      <div className="rp-cfg__body">
        <aside className="rp-cfg__left">
          <ItemTypeTabs store={cfg} />
          {grid !== undefined && (
            <LayersPanel
              layerCount={grid.layers.length}
              currentLayer={cfg.layer}
              maxLayers={MAX_LAYERS}
              boxCounts={boxCounts}
              onSelect={(y) => cfg.setLayer(y)}
              onAdd={() => cfg.insertLayerEmpty()}
              onDuplicate={(y) => cfg.insertLayer(y, 'above')}
              onDelete={(y) => cfg.deleteLayer(y)}
              onMove={(from, to) => cfg.moveLayer(from, to)}
              isDisabled={cfg.perspective}
            />
          )}
        </aside>
        <div className="rp-cfg__stage">
          <ConfiguratorCanvas store={cfg} />
          <SelectionBar store={cfg} onConnections={(item) => setDialog({ kind: 'connections', item })} />
          {cfg.status === 'ready' && cfg.configurations.length === 0 && (
            <div className="rp-cfg__empty" data-testid="configurator-empty">
              <p>{t('createDialog.noConfigs')}</p>
            </div>
          )}
        </div>
        {grid !== undefined && (
          <aside className="rp-cfg__right">
            <SidePanel
              volumes={cfg.volumes}
              lengthM={gridLengthM(grid)}
              widthM={gridWidthM(grid)}
              groundLevel={grid.settings.groundLevel}
              plantBottomLevel={grid.settings.plantBottomLevel}
              stormwaterObjective={grid.settings.stormwaterObjective}
              storageCoefficient={grid.settings.storageCoefficient}
              onResize={(l, w) => cfg.resize(l, w)}
              onGroundLevel={(v) => cfg.patchSettings({ groundLevel: v })}
              onPlantBottomLevel={(v) => cfg.patchSettings({ plantBottomLevel: v })}
              onStormwaterObjective={(v) => cfg.patchSettings({ stormwaterObjective: v })}
              isDisabled={cfg.loading}
            />
          </aside>
        )}
      </div>
      <LoadingOverlay store={cfg} />

      <CreateConfigurationDialog
        isOpen={dialog.kind === 'create'}
        measures={cfg.eligibleMeasures.map((m) => ({ id: m.id, name: m.name }))}
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
          setDialog({ kind: 'none' });
        }}
        onCancel={() => setDialog({ kind: 'none' })}
      />
    </section>
  );
});
