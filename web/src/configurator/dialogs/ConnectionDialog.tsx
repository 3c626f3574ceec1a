/**
 * Connection assembly per cube side (planning spec §2 dialogs, §3 "Box item"
 * connectionConfiguration, "Item type" cubeSide): for each side of the item (front, left, back,
 * right; the tab also names the compass side it faces after rotation) its connection height
 * (the side's property set under `side.<side>.`) and up to `connections` plants (at most 2),
 * each chosen in the plant selection and configured in the plant configuration dialog. Sides
 * without connections, or covered by a neighbour, show noConnectionPossible (spec §8).
 * Works on a draft; Apply commits the option list (one undo step).
 */
import './dialogs.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import {
  CUBE_SIDES,
  choosePlant,
  MAX_PLANTS_PER_SIDE,
  plantKey,
  removePlant,
  sidePrefix,
  type CubeSide,
  type GridMessage,
  type PropertySet,
  type Rotation,
  type SelectedOption,
} from '@rainplan/engine/boxgrid';
import type { ItemType } from '@rainplan/engine/catalogue';
import { ActionDialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { gridMessageText } from './gridMessage.ts';
import { localized } from './labels.ts';
import { PlantConfigurationDialog, PlantSelectionDialog, plantsForSide, type PlantChoice } from './PlantDialogs.tsx';
import { PropertySetForm } from './PropertySetForm.tsx';

const COMPASS = ['N', 'W', 'S', 'E'] as const;
const ROTATION_STEPS: Readonly<Record<Rotation, number>> = { North: 0, West: 1, South: 2, East: 3 };

/** The compass side (N, W, S, E) a cube side faces when the item is rotated (N→W→S→E = 0°…270°). */
export function compassOfSide(side: CubeSide, rotation: Rotation): (typeof COMPASS)[number] {
  return COMPASS[(CUBE_SIDES.indexOf(side) + ROTATION_STEPS[rotation]) % 4]!;
}

export interface ConnectionDialogProps {
  readonly isOpen: boolean;
  readonly itemType: ItemType | undefined;
  readonly rotation: Rotation;
  readonly options: readonly SelectedOption[];
  readonly propertySet: (id: string) => PropertySet | undefined;
  readonly plants: readonly PlantChoice[];
  /** Sides a neighbour or shaft covers: nothing can be connected there. */
  readonly blockedSides?: readonly CubeSide[];
  readonly initialSide?: CubeSide | undefined;
  readonly onApply: (options: SelectedOption[]) => void;
  readonly onCancel: () => void;
}

export function ConnectionDialog(props: ConnectionDialogProps) {
  return props.isOpen ? <ConnectionForm {...props} /> : null;
}

type SubDialog = { readonly kind: 'select' | 'configure'; readonly side: CubeSide; readonly slot: number } | undefined;

function ConnectionForm({ itemType, rotation, options, propertySet, plants, blockedSides = [], initialSide, onApply, onCancel }: ConnectionDialogProps) {
  const { t, i18n } = useTranslation('configurator');
  const language = i18n.language;
  const [draft, setDraft] = useState<SelectedOption[]>([...options]);
  const [side, setSide] = useState<CubeSide>(initialSide ?? 'front');
  const [sub, setSub] = useState<SubDialog>(undefined);
  const [refusal, setRefusal] = useState<GridMessage | undefined>(undefined);
  const change = (next: SelectedOption[]) => {
    setRefusal(undefined);
    setDraft(next);
  };
  const definition = (s: CubeSide) => itemType?.cubeSides.find((c) => c.side === s);
  const plantOf = (s: CubeSide, slot: number) => {
    const id = draft.find((o) => o.propertyId === plantKey(s, slot))?.value;
    return id === undefined ? undefined : (plants.find((p) => p.propertyId === String(id)) ?? { propertyId: String(id), name: String(id), groupName: '', configurationPropertySet: { id: '', groups: [] } });
  };
  const anyConnectable = CUBE_SIDES.some((s) => (definition(s)?.connectionConfiguration?.connections ?? 0) > 0 && !blockedSides.includes(s));

  const sidePanel = (s: CubeSide) => {
    const def = definition(s);
    const connections = Math.min(MAX_PLANTS_PER_SIDE, def?.connectionConfiguration?.connections ?? 0);
    if (def === undefined || connections === 0 || blockedSides.includes(s)) {
      return (
        <p className="rp-hint" data-testid={`no-connection-${s}`}>
          {t('connection.noConnectionPossible')}
        </p>
      );
    }
    const set = def.propertySetId === undefined ? undefined : propertySet(def.propertySetId);
    return (
      <div className="rp-connection__side">
        {set !== undefined && <PropertySetForm set={set} options={draft} prefix={sidePrefix(s)} onChange={change} onRefused={setRefusal} />}
        {def.maxPipeDiameter !== undefined && <p className="rp-hint">{t('connection.maxDiameter', { value: def.maxPipeDiameter })}</p>}
        <ul className="rp-connection__plants">
          {Array.from({ length: connections }, (_, i) => i + 1).map((slot) => {
            const plant = plantOf(s, slot);
            return (
              <li key={slot} className="rp-connection__plant" data-testid={`plant-slot-${s}-${slot}`}>
                <span>
                  {t('connection.plant', { slot })}: {plant === undefined ? t('connection.noPlant') : localized(plant, language, plant.propertyId)}
                </span>
                <Button variant="secondary" onPress={() => setSub({ kind: 'select', side: s, slot })}>
                  {plant === undefined ? t('connection.choosePlant') : t('connection.changePlant')}
                </Button>
                {plant !== undefined && (
                  <>
                    <Button variant="ghost" onPress={() => setSub({ kind: 'configure', side: s, slot })}>
                      {t('connection.configurePlant')}
                    </Button>
                    <Button variant="ghost" onPress={() => change(removePlant(draft, s, slot))}>
                      {t('connection.removePlant')}
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  };

  const subPlant = sub === undefined ? undefined : plantOf(sub.side, sub.slot);
  return (
    <>
      <ActionDialog
        isOpen={sub === undefined}
        title={t('connection.title')}
        onCancel={onCancel}
        className="rp-modal--wide"
        action={anyConnectable ? { label: t('dialogs.apply'), onPress: () => onApply(draft) } : undefined}
      >
        {itemType !== undefined && <p className="rp-dialog__subtitle">{localized(itemType, language, itemType.businessId)}</p>}
        {!anyConnectable ? (
          <p className="rp-hint" data-testid="no-connection">
            {t('connection.noConnectionPossible')}
          </p>
        ) : (
          <Tabs selectedKey={side} onSelectionChange={(key) => setSide(key as CubeSide)} className="rp-tabs">
            <TabList aria-label={t('connection.sides')} className="rp-tabs__list">
              {CUBE_SIDES.map((s) => (
                <Tab key={s} id={s} className="rp-tabs__tab">
                  {t(`sides.${s}`)} ({t(`compass.${compassOfSide(s, rotation)}`)})
                </Tab>
              ))}
            </TabList>
            {CUBE_SIDES.map((s) => (
              <TabPanel key={s} id={s} className="rp-tabs__panel">
                {sidePanel(s)}
              </TabPanel>
            ))}
          </Tabs>
        )}
        {refusal !== undefined && (
          <p role="alert" className="rp-field__error">
            {gridMessageText(t, refusal, i18n.language)}
          </p>
        )}
      </ActionDialog>
      <PlantSelectionDialog
        isOpen={sub?.kind === 'select'}
        plants={sub === undefined ? [] : plantsForSide(plants, definition(sub.side)?.maxPipeDiameter)}
        currentPlantId={subPlant?.propertyId}
        onCancel={() => setSub(undefined)}
        onChoose={(plant) => {
          if (sub === undefined) return;
          const result = choosePlant(draft, sub.side, sub.slot, plant);
          if (result.ok) change(result.options);
          else setRefusal(result.message);
          setSub(undefined);
        }}
      />
      <PlantConfigurationDialog
        isOpen={sub?.kind === 'configure'}
        plant={subPlant}
        options={draft}
        prefix={sub === undefined ? '' : `${plantKey(sub.side, sub.slot)}.`}
        onCancel={() => setSub(undefined)}
        onApply={(next) => {
          change(next);
          setSub(undefined);
        }}
      />
    </>
  );
}
