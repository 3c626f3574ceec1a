/**
 * The configurator's side panel (planning spec §2 "Box configurator", §5 decimal text fields, §9
 * volumes and timings; docs/configurator.md "Volumes and materials"): net and gross storage
 * volume, boxes and shafts, the construction area (grid length × width, sent only when both
 * parse, 300 ms after the last keystroke), foil and fleece (retention) or geotextile
 * (infiltration), ground and plant-bottom levels (500 ms), the engine's level checks in place, and
 * more options (stormwater objective, construction pit, cover). Numbers in the UI language.
 * Controlled: the caller applies the settings through its store.
 */
import './panels.css';
import { memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Disclosure, DisclosurePanel, Heading, Button as AriaButton } from 'react-aria-components';
import { TIMING_MS, BOX_GRID } from '@rainplan/engine/tables';
import { HEIGHT_OVERRIDE_MAX_M, LEVEL_LIMIT_M, MAX_CELLS_PER_EDGE, type ConfigurationVolumes, type GridMessage } from '@rainplan/engine/boxgrid';
import { Button } from '../../components/Button.tsx';
import { Select } from '../../components/Select.tsx';
import { DASHES, formatNumber } from '../../dimensioning/ui/format.ts';
import { gridMessageText } from '../dialogs/gridMessage.ts';
import { DecimalField } from './DecimalField.tsx';

export type StormwaterObjective = 'retention' | 'infiltration';

export interface SidePanelProps {
  readonly volumes: ConfigurationVolumes | undefined;
  /** The grid's construction area, m. */
  readonly lengthM: number;
  readonly widthM: number;
  readonly groundLevel: number;
  readonly plantBottomLevel: number;
  readonly stormwaterObjective: StormwaterObjective;
  readonly storageCoefficient: number;
  /** The height override, m (decision 0229); null: the items' height. */
  readonly heightOverrideM: number | null;
  /** Sets (a number) or clears (null) the height override. */
  readonly onHeightOverride: (value: number | null) => void;
  readonly onResize: (lengthM: number, widthM: number) => void;
  readonly onGroundLevel: (value: number) => void;
  readonly onPlantBottomLevel: (value: number) => void;
  readonly onStormwaterObjective: (value: StormwaterObjective) => void;
  readonly isDisabled?: boolean;
  /** What the layout is for (PurposePanel), shown first. */
  readonly purpose?: ReactNode;
}

const CELL_M = BOX_GRID.cellMm / 1000;
const MAX_EDGE_M = MAX_CELLS_PER_EDGE * CELL_M;
/* Levels are heights above a datum (m), bounded like the engine and the api (±LEVEL_LIMIT_M, decision 0172). */

export function SidePanel(props: SidePanelProps) {
  const { t, i18n } = useTranslation('configurator');
  const language = i18n.language;
  const { volumes, isDisabled } = props;
  // The callbacks reach the memoised parts through a ref: a parent's new closures do not re-render them
  // (an edit re-renders only the figures that show changed values, decision 0151).
  const latest = useRef(props);
  latest.current = props;
  const onResize = useCallback((l: number, w: number) => latest.current.onResize(l, w), []);
  const onGroundLevel = useCallback((v: number | null) => v !== null && latest.current.onGroundLevel(v), []);
  const onPlantBottomLevel = useCallback((v: number | null) => v !== null && latest.current.onPlantBottomLevel(v), []);
  const onHeightOverride = useCallback((v: number | null) => latest.current.onHeightOverride(v), []);
  const onObjective = useCallback((v: StormwaterObjective) => latest.current.onStormwaterObjective(v), []);
  const n = (value: number | undefined, digits = 2) => formatNumber(value, language, digits, digits);
  const messages = volumes?.messages ?? [];
  const messageOf = (code: GridMessage['code']) => {
    const m = messages.find((x) => x.code === code);
    return m === undefined ? undefined : gridMessageText(t, m, language);
  };
  const retention = props.stormwaterObjective === 'retention';
  return (
    <aside className="rp-side-panel" aria-labelledby="rp-side-title" data-testid="side-panel">
      <h2 id="rp-side-title" className="rp-panel__title">
        {t('side.title')}
      </h2>
      {props.purpose}
      <section aria-labelledby="rp-side-volumes">
        <h3 id="rp-side-volumes">{t('side.volumes')}</h3>
        <dl className="rp-facts">
          <dt>{t('side.netVolume')}</dt>
          <dd data-testid="side-net-volume">{n(volumes?.netVolumeM3, 3)} m³</dd>
          <dt>{t('side.grossVolume')}</dt>
          <dd data-testid="side-gross-volume">{n(volumes?.grossVolumeM3, 3)} m³</dd>
          <dt>{t('side.boxes')}</dt>
          <dd data-testid="side-box-count">{n(volumes?.boxCount, 0)}</dd>
          <dt>{t('side.shafts')}</dt>
          <dd data-testid="side-shaft-count">{n(volumes?.shaftCount, 0)}</dd>
          <dt>{t('side.envelope')}</dt>
          <dd data-testid="side-envelope">
            {n(volumes?.lengthM)} × {n(volumes?.widthM)} × {n(volumes?.heightM)} m
          </dd>
        </dl>
      </section>
      <ConstructionArea lengthM={props.lengthM} widthM={props.widthM} onResize={onResize} isDisabled={isDisabled} />
      <section aria-labelledby="rp-side-materials">
        <h3 id="rp-side-materials">{retention ? t('side.foilAndFleece') : t('side.geotextile')}</h3>
        <dl className="rp-facts">
          {retention ? (
            <>
              <dt>{t('side.foil')}</dt>
              <dd data-testid="side-foil">{n(volumes?.foilAreaM2)} m²</dd>
              <dt>{t('side.fleece')}</dt>
              <dd data-testid="side-fleece">{n(volumes?.fleeceAreaM2)} m²</dd>
            </>
          ) : (
            <>
              <dt>{t('side.geotextile')}</dt>
              <dd data-testid="side-geotextile">{n(volumes?.geotextileAreaM2)} m²</dd>
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="rp-side-levels" className="rp-form">
        <h3 id="rp-side-levels">{t('side.levels')}</h3>
        <LevelField
          label={t('side.groundLevel')}
          value={props.groundLevel}
          onCommit={onGroundLevel}
          message={messageOf('GROUND_LEVEL_TOO_LOW')}
          testId="ground-level"
          isDisabled={isDisabled}
        />
        <LevelField
          label={t('side.plantBottomLevel')}
          value={props.plantBottomLevel}
          onCommit={onPlantBottomLevel}
          message={messageOf('PLANT_BOTTOM_TOO_HIGH')}
          testId="plant-bottom-level"
          isDisabled={isDisabled}
        />
        <HeightOverride computedHeightM={volumes?.heightM} levels={volumes?.levels} overrideM={props.heightOverrideM} onCommit={onHeightOverride} isDisabled={isDisabled} />
        <dl className="rp-facts">
          <dt>{t('side.coverDepth')}</dt>
          {/* The engine's cover of the occupied configuration, whatever the levels (decision 0172); none while empty. */}
          <dd data-testid="side-cover">{volumes === undefined || volumes.boxCount + volumes.shaftCount === 0 ? DASHES : `${n(volumes.coverDepthM)} m`}</dd>
        </dl>
      </section>
      <MoreOptions
        objective={props.stormwaterObjective}
        onObjective={onObjective}
        isDisabled={isDisabled}
        storageCoefficient={props.storageCoefficient}
        surfaceAreaM2={volumes?.surfaceAreaM2}
        pitVolumeM3={volumes?.pit.volumeM3}
        pitDepthM={volumes?.pit.depthM}
        pitTopLengthM={volumes?.pit.topLengthM}
        pitTopWidthM={volumes?.pit.topWidthM}
      />
    </aside>
  );
}

/**
 * The height override (planning spec §5; decision 0229): the items' height, and a button that opens
 * a decimal field for the built height the cover and the pit take (disabled while levels or height
 * are 0). Typing saves it (500 ms after the last keystroke, or on leaving the field); "use the
 * computed height" clears it.
 */
const HeightOverride = memo(function HeightOverride(props: {
  computedHeightM: number | undefined;
  levels: number | undefined;
  overrideM: number | null;
  onCommit: (v: number | null) => void;
  isDisabled: boolean | undefined;
}) {
  const { t, i18n } = useTranslation('configurator');
  const [open, setOpen] = useState(false);
  const noHeight = !((props.computedHeightM ?? 0) > 0) || !((props.levels ?? 0) > 0);
  const shown = (open || props.overrideM !== null) && !noHeight;
  const disabled = props.isDisabled === true || noHeight;
  return (
    <div className="rp-height-override" data-testid="height-override">
      <dl className="rp-facts">
        <dt>{t('side.computedHeight')}</dt>
        <dd data-testid="side-computed-height">{noHeight ? DASHES : `${formatNumber(props.computedHeightM, i18n.language, 2, 2)} m`}</dd>
      </dl>
      {shown ? (
        <>
          <DecimalField
            label={t('side.heightOverride')}
            value={props.overrideM ?? props.computedHeightM ?? null}
            debounceMs={TIMING_MS.levelInputDebounce}
            min={0.001}
            max={HEIGHT_OVERRIDE_MAX_M}
            description={t('side.heightOverrideHint')}
            testId="height-override-field"
            onCommit={(v) => v !== null && props.onCommit(v)}
            {...(props.isDisabled === undefined ? {} : { isDisabled: props.isDisabled })}
          />
          <Button
            variant="secondary"
            data-testid="height-override-clear"
            onPress={() => {
              setOpen(false);
              if (props.overrideM !== null) props.onCommit(null);
            }}
            isDisabled={props.isDisabled === true}
          >
            {t('side.heightOverrideClear')}
          </Button>
        </>
      ) : (
        <Button variant="secondary" data-testid="height-override-button" isDisabled={disabled} onPress={() => setOpen(true)}>
          {t('side.heightOverrideButton')}
        </Button>
      )}
    </div>
  );
});

/** A level field (ground, plant bottom), 500 ms debounced; memoised: re-renders only when its own props change. */
const LevelField = memo(function LevelField(props: { label: string; value: number; onCommit: (v: number | null) => void; message: string | undefined; testId: string; isDisabled: boolean | undefined }) {
  return (
    <DecimalField
      label={props.label}
      value={props.value}
      debounceMs={TIMING_MS.levelInputDebounce}
      min={-LEVEL_LIMIT_M}
      max={LEVEL_LIMIT_M}
      onCommit={props.onCommit}
      message={props.message}
      testId={props.testId}
      {...(props.isDisabled === undefined ? {} : { isDisabled: props.isDisabled })}
    />
  );
});

interface MoreOptionsProps {
  readonly objective: StormwaterObjective;
  readonly onObjective: (v: StormwaterObjective) => void;
  readonly isDisabled: boolean | undefined;
  readonly storageCoefficient: number;
  readonly surfaceAreaM2: number | undefined;
  readonly pitVolumeM3: number | undefined;
  readonly pitDepthM: number | undefined;
  readonly pitTopLengthM: number | undefined;
  readonly pitTopWidthM: number | undefined;
}

/** More options (stormwater objective, storage coefficient, surface, construction pit); memoised on its figures. */
const MoreOptions = memo(function MoreOptions(props: MoreOptionsProps) {
  const { t, i18n } = useTranslation('configurator');
  const n = (value: number | undefined, digits = 2) => formatNumber(value, i18n.language, digits, digits);
  return (
    <Disclosure className="rp-disclosure">
      <Heading level={3}>
        <AriaButton slot="trigger" className="rp-disclosure__trigger">
          {t('side.moreOptions')}
        </AriaButton>
      </Heading>
      <DisclosurePanel className="rp-disclosure__panel">
        <Select
          label={t('side.objective')}
          value={props.objective}
          options={[
            { id: 'infiltration', label: t('side.objectives.infiltration') },
            { id: 'retention', label: t('side.objectives.retention') },
          ]}
          onChange={(v) => props.onObjective(v as StormwaterObjective)}
          {...(props.isDisabled === undefined ? {} : { isDisabled: props.isDisabled })}
        />
        <dl className="rp-facts">
          <dt>{t('side.storageCoefficient')}</dt>
          <dd>{n(props.storageCoefficient, 0)} %</dd>
          <dt>{t('side.surfaceArea')}</dt>
          <dd>{n(props.surfaceAreaM2)} m²</dd>
          <dt>{t('side.pitVolume')}</dt>
          <dd data-testid="side-pit-volume">{n(props.pitVolumeM3)} m³</dd>
          <dt>{t('side.pitDepth')}</dt>
          <dd>{n(props.pitDepthM)} m</dd>
          <dt>{t('side.pitTop')}</dt>
          <dd>
            {n(props.pitTopLengthM)} × {n(props.pitTopWidthM)} m
          </dd>
        </dl>
      </DisclosurePanel>
    </Disclosure>
  );
});

/** Length and width of the grid: sent together, only when both parse (spec §5), 300 ms debounced. */
const ConstructionArea = memo(function ConstructionArea({ lengthM, widthM, onResize, isDisabled }: { lengthM: number; widthM: number; onResize: (lengthM: number, widthM: number) => void; isDisabled: boolean | undefined }) {
  const { t, i18n } = useTranslation('configurator');
  const pending = useRef({ length: lengthM, width: widthM });
  const valid = useRef({ length: true, width: true });
  const [note, setNote] = useState(false);
  useEffect(() => {
    pending.current = { length: lengthM, width: widthM };
  }, [lengthM, widthM]);
  const snapped = (v: number) => Math.floor(v / CELL_M + 1e-9) * CELL_M;
  const commit = (which: 'length' | 'width', v: number | null) => {
    if (v === null) return;
    pending.current = { ...pending.current, [which]: v };
    if (!valid.current.length || !valid.current.width) return;
    const { length, width } = pending.current;
    setNote(Math.abs(snapped(length) - length) > 1e-9 || Math.abs(snapped(width) - width) > 1e-9);
    if (length !== lengthM || width !== widthM) onResize(length, width);
  };
  return (
    <section aria-labelledby="rp-side-area" className="rp-form">
      <h3 id="rp-side-area">{t('side.constructionArea')}</h3>
      <DecimalField
        label={t('side.length')}
        value={lengthM}
        debounceMs={TIMING_MS.dimensionInputDebounce}
        min={CELL_M}
        max={MAX_EDGE_M}
        testId="area-length"
        onValidityChange={(ok) => {
          valid.current = { ...valid.current, length: ok };
        }}
        onCommit={(v) => commit('length', v)}
        {...(isDisabled === undefined ? {} : { isDisabled })}
      />
      <DecimalField
        label={t('side.width')}
        value={widthM}
        debounceMs={TIMING_MS.dimensionInputDebounce}
        min={CELL_M}
        max={MAX_EDGE_M}
        testId="area-width"
        onValidityChange={(ok) => {
          valid.current = { ...valid.current, width: ok };
        }}
        onCommit={(v) => commit('width', v)}
        {...(isDisabled === undefined ? {} : { isDisabled })}
      />
      {note && <p className="rp-hint">{t('side.roundedDown', { cell: formatNumber(CELL_M, i18n.language, 1, 1) })}</p>}
    </section>
  );
});
