/**
 * Ventilation / shaft assembly options of an item (planning spec §2 dialogs, §3 "Item type"
 * shaftConfiguration, §4 "Shaft choice resets shaft options to defaults of that shaft type"):
 * the shaft type (throttle: float, perforated, grid) and that type's options under `shaft.`,
 * plus the item type's general options (cover, ventilation cap, dirt trap buckets, …). Works on a
 * draft: Apply commits the whole option list at once (one undo step), Cancel drops it.
 * Empty states (spec §8): noShaftConfigurationOptionsAvailable, noVentilationOptionsAvailable.
 */
import './dialogs.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { chooseShaftType, SHAFT_PREFIX, SHAFT_PROPERTY, type GridMessage, type PropertySet, type SelectedOption } from '@rainplan/engine/boxgrid';
import type { ItemType } from '@rainplan/engine/catalogue';
import { ActionDialog } from '../../components/Dialog.tsx';
import { gridMessageText } from './gridMessage.ts';
import { localized } from './labels.ts';
import { hasAvailableProperties, PropertySetForm } from './PropertySetForm.tsx';

export interface ItemOptionsDialogProps {
  readonly isOpen: boolean;
  readonly itemType: ItemType | undefined;
  /** The item's current flat option list. */
  readonly options: readonly SelectedOption[];
  readonly propertySet: (id: string) => PropertySet | undefined;
  readonly onApply: (options: SelectedOption[]) => void;
  readonly onCancel: () => void;
}

export function ItemOptionsDialog(props: ItemOptionsDialogProps) {
  return props.isOpen ? <ItemOptionsForm {...props} /> : null;
}

/** Is this a ventilation / inspection shaft (no shaft types to choose) rather than a throttle shaft? */
function isVentilationItem(itemType: ItemType | undefined): boolean {
  return (itemType?.shaftConfiguration?.shaftTypes.length ?? 0) === 0;
}

/**
 * The dialog's title names what it edits: a box's options, a throttle shaft's assembly, or an
 * inspection shaft's ventilation options (issue 27: "p" on a box said "Ventilation options").
 */
export function optionsTitleKey(itemType: ItemType | undefined): 'itemOptions.boxTitle' | 'itemOptions.ventilationTitle' | 'itemOptions.shaftTitle' {
  if (itemType !== undefined && itemType.typeCustom === 'BOX') return 'itemOptions.boxTitle';
  return isVentilationItem(itemType) ? 'itemOptions.ventilationTitle' : 'itemOptions.shaftTitle';
}

function ItemOptionsForm({ itemType, options, propertySet, onApply, onCancel }: ItemOptionsDialogProps) {
  const { t, i18n } = useTranslation('configurator');
  const language = i18n.language;
  const [draft, setDraft] = useState<SelectedOption[]>([...options]);
  const [refusal, setRefusal] = useState<GridMessage | undefined>(undefined);
  const shaftTypes = itemType?.shaftConfiguration?.shaftTypes ?? [];
  const chosenTypeId = draft.find((o) => o.propertyId === SHAFT_PROPERTY)?.optionId ?? null;
  const chosenType = shaftTypes.find((s) => s.id === chosenTypeId);
  const shaftSet = chosenType?.propertySetId === undefined ? undefined : propertySet(chosenType.propertySetId);
  const generalSet = itemType?.propertySetId === undefined ? undefined : propertySet(itemType.propertySetId);
  const ventilation = isVentilationItem(itemType);
  const hasGeneral = hasAvailableProperties(generalSet, draft);
  const empty = shaftTypes.length === 0 && !hasGeneral;
  const change = (next: SelectedOption[]) => {
    setRefusal(undefined);
    setDraft(next);
  };
  return (
    <ActionDialog
      title={t(optionsTitleKey(itemType))}
      onCancel={onCancel}
      action={empty ? undefined : { label: t('dialogs.apply'), onPress: () => onApply(draft) }}
    >
      {itemType !== undefined && <p className="rp-dialog__subtitle">{localized(itemType, language, itemType.businessId)}</p>}
      {empty && (
        <p className="rp-hint" data-testid="item-options-empty">
          {itemType?.typeCustom === 'BOX' ? t('itemOptions.noBoxOptionsAvailable') : ventilation ? t('itemOptions.noVentilationOptionsAvailable') : t('itemOptions.noShaftConfigurationOptionsAvailable')}
        </p>
      )}
      {shaftTypes.length > 0 && (
        <RadioGroup
          className="rp-radio-group"
          value={chosenTypeId}
          onChange={(id) => {
            const type = shaftTypes.find((s) => s.id === id);
            if (type === undefined) return;
            const set = type.propertySetId === undefined ? undefined : propertySet(type.propertySetId);
            change(chooseShaftType(draft, type.id, set ?? { id: `${type.id}.none`, groups: [] }));
          }}
        >
          <Label className="rp-field__label">{t('itemOptions.shaftType')}</Label>
          {shaftTypes.map((s) => (
            <Radio key={s.id} value={s.id} className="rp-radio">
              {localized(s, language)}
            </Radio>
          ))}
        </RadioGroup>
      )}
      {shaftSet !== undefined && <PropertySetForm set={shaftSet} options={draft} prefix={SHAFT_PREFIX} onChange={change} onRefused={setRefusal} />}
      {generalSet !== undefined && hasGeneral && <PropertySetForm set={generalSet} options={draft} onChange={change} onRefused={setRefusal} />}
      {refusal !== undefined && (
        <p role="alert" className="rp-field__error">
          {gridMessageText(t, refusal, i18n.language)}
        </p>
      )}
    </ActionDialog>
  );
}
