/**
 * The layers panel (planning spec §2 "Box configurator", §4 "Layers", §9): the layers from top to
 * bottom (the lowest labelled lowestLayer), choose the layer to edit, add a layer on top,
 * duplicate a layer upward, delete (only while there is more than one), and reorder by drag and
 * drop or by the move up / move down buttons (keyboard). Adding is disabled at the maximum
 * (7 layers). Controlled: the caller runs the engine's layer operations.
 */
import './panels.css';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { Button } from '../../components/Button.tsx';

export interface LayersPanelProps {
  readonly layerCount: number;
  readonly currentLayer: number;
  readonly maxLayers: number;
  /** Boxes per layer (optional: shown beside the name). */
  readonly boxCounts?: readonly number[];
  /**
   * Instead of `boxCounts`: renders a layer's count (e.g. an observer of the store's counts, so an
   * edit re-renders only the counts and not the list, decision 0151).
   */
  readonly renderBoxCount?: (y: number) => ReactNode;
  readonly onSelect: (y: number) => void;
  /** Adds an empty layer on top. */
  readonly onAdd: () => void;
  /** Inserts a copy of layer y above it. */
  readonly onDuplicate: (y: number) => void;
  readonly onDelete: (y: number) => void;
  /** Moves layer `from` to index `to` (0 = lowest). */
  readonly onMove: (from: number, to: number) => void;
  readonly isDisabled?: boolean;
}

const keyOf = (y: number) => `layer-${y}`;
const layerOf = (key: unknown) => Number(String(key).replace('layer-', ''));

export function LayersPanel({ layerCount, currentLayer, maxLayers, boxCounts, renderBoxCount, onSelect, onAdd, onDuplicate, onDelete, onMove, isDisabled = false }: LayersPanelProps) {
  const { t } = useTranslation('configurator');
  const full = layerCount >= maxLayers;
  const canDelete = layerCount > 1;
  // Top layer first, as the layers are stacked.
  const order = Array.from({ length: layerCount }, (_, i) => layerCount - 1 - i);
  const { dragAndDropHooks } = useDragAndDrop({
    isDisabled,
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      const from = layerOf([...e.keys][0]);
      const target = layerOf(e.target.key);
      // Dropped next to itself (e.g. just above its own row): no move.
      if (target === from || !Number.isInteger(from) || !Number.isInteger(target)) return;
      // The list shows the top layer first: "before" a row means above it.
      const to = e.target.dropPosition === 'before' ? (from < target ? target : target + 1) : from > target ? target : target - 1;
      const clamped = Math.max(0, Math.min(layerCount - 1, to));
      if (clamped !== from) onMove(from, clamped);
    },
  });
  const name = (y: number) => (y === 0 ? t('layers.lowestLayer') : t('layers.layer', { n: y + 1 }));
  return (
    <section className="rp-layers" aria-labelledby="rp-layers-title" data-testid="layers-panel">
      <div className="rp-layers__header">
        <h2 id="rp-layers-title" className="rp-panel__title">
          {t('layers.title')}
        </h2>
        <Button variant="secondary" onPress={onAdd} isDisabled={isDisabled || full} data-testid="add-layer">
          {t('layers.add')}
        </Button>
      </div>
      {full && <p className="rp-hint">{t('layers.maxReached', { max: maxLayers })}</p>}
      <GridList
        aria-label={t('layers.title')}
        className="rp-layers__list"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[keyOf(currentLayer)]}
        onSelectionChange={(keys) => {
          const [key] = keys === 'all' ? [] : [...keys];
          if (key !== undefined) onSelect(layerOf(key));
        }}
        dragAndDropHooks={dragAndDropHooks}
        {...(isDisabled ? { disabledKeys: order.map(keyOf) } : {})}
      >
        {order.map((y) => (
          <GridListItem key={keyOf(y)} id={keyOf(y)} textValue={name(y)} className="rp-layers__item" data-testid={`layer-${y}`}>
            <Button slot="drag" variant="ghost" className="rp-layers__drag" aria-label={t('layers.drag', { name: name(y) })}>
              ⠿
            </Button>
            <span className="rp-layers__name">
              {name(y)}
              {renderBoxCount !== undefined ? renderBoxCount(y) : boxCounts?.[y] !== undefined && <LayerBoxCount count={boxCounts[y]} />}
            </span>
            <span className="rp-layers__actions">
              <LayerAction label={t('layers.up')} name={name(y)} tooltip={t('layers.moveUp', { name: name(y) })} isDisabled={isDisabled || y === layerCount - 1} onPress={() => onMove(y, y + 1)} />
              <LayerAction label={t('layers.down')} name={name(y)} tooltip={t('layers.moveDown', { name: name(y) })} isDisabled={isDisabled || y === 0} onPress={() => onMove(y, y - 1)} />
              <LayerAction label={t('layers.duplicateShort')} name={name(y)} tooltip={t('layers.duplicate', { name: name(y) })} isDisabled={isDisabled || full} onPress={() => onDuplicate(y)} />
              {canDelete && <LayerAction label={t('layers.deleteShort')} name={name(y)} tooltip={t('layers.delete', { name: name(y) })} isDisabled={isDisabled} onPress={() => onDelete(y)} />}
            </span>
          </GridListItem>
        ))}
      </GridList>
    </section>
  );
}

/**
 * A layer row's action: a visible text label, an accessible name that starts with it and names
 * the layer ("Hoch – Lage 2": axe's label-content-name-mismatch), and the whole action ("Lage 2
 * nach oben") as the label's tooltip (`title`: react-aria's Button passes no `title` through).
 */
function LayerAction({ label, name, tooltip, isDisabled, onPress }: { label: string; name: string; tooltip: string; isDisabled: boolean; onPress: () => void }) {
  const { t } = useTranslation('configurator');
  return (
    <Button variant="ghost" aria-label={t('layers.action', { action: label, name })} isDisabled={isDisabled} onPress={onPress}>
      <span title={tooltip}>{label}</span>
    </Button>
  );
}

/** Number formats per language (creating an Intl.NumberFormat costs far more than formatting). */
const integerFormats = new Map<string, Intl.NumberFormat>();
function integerFormat(language: string): Intl.NumberFormat {
  let format = integerFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language);
    integerFormats.set(language, format);
  }
  return format;
}

/** A layer's box count beside its name (" · 1.234 Boxen"), in the UI language. */
export function LayerBoxCount({ count }: { count: number }) {
  const { t, i18n } = useTranslation('configurator');
  return <span className="rp-layers__count"> · {t('layers.boxes', { count, formatted: integerFormat(i18n.language).format(count) })}</span>;
}
