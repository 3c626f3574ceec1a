/**
 * Plant selection and plant configuration (planning spec §2 dialogs, §3 "Plant", §4 "Plant
 * choice resets that plant's options"). A plant (e.g. a pipe connection DN 160) is chosen for one
 * slot of a cube side; only plants that fit the side (`maxPipeDiameter`) are offered, grouped by
 * their group. The configuration dialog is the plant's property-set form over a draft.
 */
import './dialogs.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { GridMessage, Plant, SelectedOption } from '@rainplan/engine/boxgrid';
import { ActionDialog } from '../../components/Dialog.tsx';
import { gridMessageText } from './gridMessage.ts';
import { localized } from './labels.ts';
import { hasAvailableProperties, PropertySetForm } from './PropertySetForm.tsx';

/** A plant as the dialogs offer it: the engine's plant plus its pipe diameter (catalogue `diameterMm`). */
export type PlantChoice = Plant & { readonly diameterMm?: number | undefined };

/** Plants that fit a side: diameter at most the side's largest pipe connection (no limit when unknown). */
export function plantsForSide(plants: readonly PlantChoice[], maxPipeDiameterMm: number | undefined): PlantChoice[] {
  return plants.filter((p) => maxPipeDiameterMm === undefined || p.diameterMm === undefined || p.diameterMm <= maxPipeDiameterMm);
}

export interface PlantSelectionDialogProps {
  readonly isOpen: boolean;
  readonly plants: readonly PlantChoice[];
  readonly currentPlantId?: string | undefined;
  readonly onChoose: (plant: PlantChoice) => void;
  readonly onCancel: () => void;
}

export function PlantSelectionDialog(props: PlantSelectionDialogProps) {
  return props.isOpen ? <PlantSelectionForm {...props} /> : null;
}

function PlantSelectionForm({ plants, currentPlantId, onChoose, onCancel }: PlantSelectionDialogProps) {
  const { t, i18n } = useTranslation('configurator');
  const [chosen, setChosen] = useState<string | null>(plants.some((p) => p.propertyId === currentPlantId) ? (currentPlantId ?? null) : null);
  const [submitted, setSubmitted] = useState(false);
  const groups = [...new Set(plants.map((p) => p.groupName))];
  const submit = () => {
    setSubmitted(true);
    const plant = plants.find((p) => p.propertyId === chosen);
    if (plant !== undefined) onChoose(plant);
  };
  return (
    <ActionDialog
      title={t('plantSelection.title')}
      onCancel={onCancel}
      action={plants.length > 0 ? { label: t('plantSelection.choose'), onPress: submit } : undefined}
    >
      {plants.length === 0 ? (
        <p className="rp-hint">{t('connection.noConnectionPossible')}</p>
      ) : (
        <RadioGroup
          className="rp-radio-group"
          value={chosen}
          onChange={setChosen}
          isInvalid={submitted && chosen === null}
          aria-label={t('plantSelection.title')}
        >
          {groups.map((group) => (
            <div key={group} className="rp-radio-group__section">
              <Label className="rp-field__label">{t(`plantGroups.${group}`, { defaultValue: group })}</Label>
              {plants
                .filter((p) => p.groupName === group)
                .map((p) => (
                  <Radio key={p.propertyId} value={p.propertyId} className="rp-radio">
                    {localized(p, i18n.language, p.propertyId)}
                  </Radio>
                ))}
            </div>
          ))}
          {submitted && chosen === null && (
            <p className="rp-field__error" role="alert">
              {t('plantSelection.required')}
            </p>
          )}
        </RadioGroup>
      )}
    </ActionDialog>
  );
}

export interface PlantConfigurationDialogProps {
  readonly isOpen: boolean;
  readonly plant: PlantChoice | undefined;
  /** The item's whole option list. */
  readonly options: readonly SelectedOption[];
  /** `side.<side>.plant<n>.` */
  readonly prefix: string;
  readonly onApply: (options: SelectedOption[]) => void;
  readonly onCancel: () => void;
}

export function PlantConfigurationDialog(props: PlantConfigurationDialogProps) {
  return props.isOpen ? <PlantConfigurationForm {...props} /> : null;
}

function PlantConfigurationForm({ plant, options, prefix, onApply, onCancel }: PlantConfigurationDialogProps) {
  const { t, i18n } = useTranslation('configurator');
  const [draft, setDraft] = useState<SelectedOption[]>([...options]);
  const [refusal, setRefusal] = useState<GridMessage | undefined>(undefined);
  const set = plant?.configurationPropertySet;
  const empty = !hasAvailableProperties(set, draft, prefix);
  return (
    <ActionDialog
      title={t('plantConfiguration.title')}
      onCancel={onCancel}
      action={empty ? undefined : { label: t('dialogs.apply'), onPress: () => onApply(draft) }}
    >
      {plant !== undefined && <p className="rp-dialog__subtitle">{localized(plant, i18n.language, plant.propertyId)}</p>}
      {empty || set === undefined ? (
        <p className="rp-hint">{t('plantConfiguration.noOptions')}</p>
      ) : (
        <PropertySetForm
          set={set}
          options={draft}
          prefix={prefix}
          onChange={(next) => {
            setRefusal(undefined);
            setDraft(next);
          }}
          onRefused={setRefusal}
        />
      )}
      {refusal !== undefined && (
        <p role="alert" className="rp-field__error">
          {gridMessageText(t, refusal, i18n.language)}
        </p>
      )}
    </ActionDialog>
  );
}
