/**
 * Create, rename and delete a box configuration (planning spec §2 "Box configurator" dialogs, §5
 * "Create configuration"): the measure choice is required — one of the eligible measures
 * (infiltration box tank or retention basin without a configuration, engine `eligibleMeasures`)
 * or "none" for a custom configuration; an empty name becomes the default name (newConfig).
 * Controlled components: the caller owns the store actions.
 */
import { SIZE_LIMITS } from '@rainplan/engine/tables';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog, DeleteDialog } from '../../components/Dialog.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';

/** Longest configuration name (the API's bound, `SIZE_LIMITS`; decision 0190). */
export const MAX_CONFIGURATION_NAME: number = SIZE_LIMITS.configurationNameMaxLength;
/** The select's id of "no measure" (a custom configuration). */
export const CUSTOM_CONFIGURATION = '__custom__';

export interface MeasureChoice {
  readonly id: string;
  readonly name: string;
  /** Boxes of the measure's block when it holds more than one configuration may (engine `measureBlock`; decision 0191). */
  readonly tooManyItems?: number | undefined;
}

export interface NewConfiguration {
  readonly name: string;
  readonly measureId: string | null;
}

export interface CreateConfigurationDialogProps {
  readonly isOpen: boolean;
  /** Eligible measures only (spec §5). */
  readonly measures: readonly MeasureChoice[];
  readonly onCreate: (input: NewConfiguration) => void;
  readonly onCancel: () => void;
  /** Preselects a measure (e.g. coming from a measure's "Configure" button). */
  readonly initialMeasureId?: string | undefined;
}

export function CreateConfigurationDialog(props: CreateConfigurationDialogProps) {
  // Mounted only while open, so every opening starts empty.
  return props.isOpen ? <CreateConfigurationForm {...props} /> : null;
}

function CreateConfigurationForm({ measures, onCreate, onCancel, initialMeasureId }: CreateConfigurationDialogProps) {
  const { t } = useTranslation('configurator');
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [measure, setMeasure] = useState<string | null>(
    initialMeasureId !== undefined && measures.some((m) => m.id === initialMeasureId) ? initialMeasureId : null,
  );
  const [submitted, setSubmitted] = useState(false);
  const tooLong = name.trim().length > MAX_CONFIGURATION_NAME;
  // A measure whose block would exceed the items limit cannot open a configuration (the api answers 422, code 60).
  const tooLarge = measures.find((m) => m.id === measure)?.tooManyItems;
  const submit = () => {
    setSubmitted(true);
    if (measure === null || tooLong || tooLarge !== undefined) return;
    const trimmed = name.trim();
    onCreate({ name: trimmed === '' ? t('createDialog.newConfig') : trimmed, measureId: measure === CUSTOM_CONFIGURATION ? null : measure });
  };
  const options = [...measures.map((m) => ({ id: m.id, label: m.name })), { id: CUSTOM_CONFIGURATION, label: t('createDialog.custom') }];
  return (
    <ActionDialog
      title={t('createDialog.title')}
      onCancel={onCancel}
      action={{ label: t('createDialog.create'), onPress: submit, isDisabled: tooLarge !== undefined, testId: 'create-configuration-submit' }}
      form
    >
      <TextField
        label={t('createDialog.name')}
        description={t('createDialog.nameHint', { name: t('createDialog.newConfig') })}
        value={name}
        onChange={setName}
        onBlur={() => setNameTouched(true)}
        isInvalid={(nameTouched || submitted) && tooLong}
        errorMessage={t('createDialog.nameTooLong', { max: MAX_CONFIGURATION_NAME })}
        autoFocus
      />
      <Select
        label={t('createDialog.measure')}
        options={options}
        value={measure}
        onChange={setMeasure}
        isRequired
        isInvalid={submitted && measure === null}
        {...(submitted && measure === null ? { errorMessage: t('createDialog.measureRequired') } : {})}
      />
      {tooLarge !== undefined && (
        <p className="rp-hint" role="alert" data-testid="measure-too-large">
          {t('createDialog.measureTooLarge', { items: tooLarge, max: SIZE_LIMITS.configurationItemsMax })}
        </p>
      )}
      {measures.length === 0 && (
        <p className="rp-hint" data-testid="no-available-measures">
          {t('createDialog.noAvailableMeasures')}
        </p>
      )}
    </ActionDialog>
  );
}

export interface RenameConfigurationDialogProps {
  readonly isOpen: boolean;
  readonly name: string;
  readonly onRename: (name: string) => void;
  readonly onCancel: () => void;
}

export function RenameConfigurationDialog(props: RenameConfigurationDialogProps) {
  return props.isOpen ? <RenameConfigurationForm {...props} /> : null;
}

function RenameConfigurationForm({ name: initial, onRename, onCancel }: RenameConfigurationDialogProps) {
  const { t } = useTranslation('configurator');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const problem = trimmed === '' ? t('renameDialog.nameRequired') : trimmed.length > MAX_CONFIGURATION_NAME ? t('createDialog.nameTooLong', { max: MAX_CONFIGURATION_NAME }) : undefined;
  const submit = () => {
    setTouched(true);
    if (problem === undefined) onRename(trimmed);
  };
  return (
    <ActionDialog title={t('renameDialog.title')} onCancel={onCancel} action={{ label: t('common:actions.save'), onPress: submit }} form>
      <TextField
        label={t('renameDialog.name')}
        value={name}
        onChange={setName}
        onBlur={() => setTouched(true)}
        isRequired
        isInvalid={touched && problem !== undefined}
        {...(problem === undefined ? {} : { errorMessage: problem })}
        autoFocus
      />
    </ActionDialog>
  );
}

export function DeleteConfigurationDialog({ isOpen, name, onDelete, onCancel }: { isOpen: boolean; name: string; onDelete: () => void; onCancel: () => void }) {
  return <DeleteDialog isOpen={isOpen} name={name} onConfirm={onDelete} onCancel={onCancel} />;
}
