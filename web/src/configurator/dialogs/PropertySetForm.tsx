/**
 * A form over one property set (planning spec §3 "Property set", §4 last bullets, §5), driven by
 * the catalogue: one control per available property by its field type — radio button, combo box,
 * bool, amount, value, navigation, tree view. Every change goes through the engine's option
 * rules (`selectOption` / `deselectOption` of `@rainplan/engine/boxgrid`): one choice per radio /
 * combo property, optional properties of a group act as one choice, dependents of the previous
 * or new option are removed, required options cannot be unset, amounts never below 0.
 *
 * Controlled: `options` is the item's whole flat option list; `prefix` scopes the property ids
 * (`''` general, `'shaft.'`, `'side.front.plant1.'`, …); `onChange` gets the new whole list.
 */
import './dialogs.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup, ToggleButton, ToggleButtonGroup, Tree, TreeItem, TreeItemContent } from 'react-aria-components';
import {
  deselectOption,
  isBoolDisabled,
  isPropertyAvailable,
  selectOption,
  type Choice,
  type GridMessage,
  type Property,
  type PropertySet,
  type SelectedOption,
} from '@rainplan/engine/boxgrid';
import { Checkbox } from '../../components/Checkbox.tsx';
import { NumberField } from '../../components/NumberField.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import { localized } from './labels.ts';

export interface PropertySetFormProps {
  readonly set: PropertySet;
  readonly options: readonly SelectedOption[];
  readonly prefix?: string;
  readonly onChange: (options: SelectedOption[]) => void;
  /** An engine refusal (e.g. unsetting a required option); shown by the caller. */
  readonly onRefused?: (message: GridMessage) => void;
  readonly isDisabled?: boolean;
}

/** Does the set have any property the user could change now? (Empty states of the dialogs.) */
export function hasAvailableProperties(set: PropertySet | undefined, options: readonly SelectedOption[], prefix = ''): boolean {
  if (set === undefined) return false;
  return set.groups.some((g) => g.properties.some((p) => isPropertyAvailable(set, options, p, prefix)));
}

function selected(options: readonly SelectedOption[], key: string): SelectedOption | undefined {
  return options.find((o) => o.propertyId === key);
}

export function PropertySetForm({ set, options, prefix = '', onChange, onRefused, isDisabled = false }: PropertySetFormProps) {
  const { t, i18n } = useTranslation('configurator');
  const language = i18n.language;
  const formId = useId();

  const choose = (property: Property, choice: Choice) => {
    const result = selectOption(set, options, property.id, choice, prefix);
    if (result.ok) onChange(result.options);
    else onRefused?.(result.message);
  };
  const unset = (property: Property) => {
    const result = deselectOption(set, options, property.id, prefix);
    if (result.ok) onChange(result.options);
    else onRefused?.(result.message);
  };

  const control = (property: Property) => {
    const label = localized(property, language);
    const key = prefix + property.id;
    const current = selected(options, key);
    const optionLabel = (id: string) => localized(property.options.find((o) => o.id === id) ?? { name: id }, language);
    const testId = `property-${property.id}`;
    switch (property.fieldType) {
      case 'radioButton':
        return (
          <RadioGroup
            className="rp-radio-group"
            data-testid={testId}
            value={current?.optionId ?? null}
            isDisabled={isDisabled}
            onChange={(optionId) => choose(property, { optionId })}
          >
            <Label className="rp-field__label">{label}</Label>
            {property.options.map((o) => (
              <Radio key={o.id} value={o.id} className="rp-radio">
                {localized(o, language)}
              </Radio>
            ))}
          </RadioGroup>
        );
      case 'comboBox':
        return (
          <Select
            label={label}
            value={current?.optionId ?? null}
            options={property.options.map((o) => ({ id: o.id, label: localized(o, language) }))}
            isDisabled={isDisabled}
            isRequired={property.optional !== true}
            onChange={(optionId) => choose(property, { optionId })}
          />
        );
      case 'bool': {
        const on = current !== undefined && current.value !== false;
        const first = property.options[0];
        return (
          <Checkbox
            data-testid={testId}
            isSelected={on || isBoolDisabled(property)}
            isDisabled={isDisabled || isBoolDisabled(property)}
            onChange={(next) => {
              if (!next) unset(property);
              else choose(property, first === undefined ? { value: true } : { optionId: first.id });
            }}
          >
            {first === undefined ? label : `${label}: ${localized(first, language)}`}
          </Checkbox>
        );
      }
      case 'amount':
      case 'value': {
        if (typeof property.defaultValue === 'string') {
          return (
            <TextField
              label={label}
              value={typeof current?.value === 'string' ? current.value : ''}
              isDisabled={isDisabled}
              maxLength={200}
              onChange={(value) => choose(property, { value })}
            />
          );
        }
        const value = typeof current?.value === 'number' ? current.value : typeof property.defaultValue === 'number' ? property.defaultValue : 0;
        return (
          <NumberField
            label={label}
            value={value}
            minValue={Math.max(property.fieldType === 'amount' ? 0 : -Infinity, property.min ?? 0)}
            {...(property.max === undefined ? {} : { maxValue: property.max })}
            step={property.step ?? 1}
            isDisabled={isDisabled}
            formatOptions={property.fieldType === 'amount' ? { maximumFractionDigits: 0 } : { maximumFractionDigits: 3 }}
            onChange={(next) => {
              if (Number.isFinite(next)) choose(property, { value: next });
            }}
          />
        );
      }
      case 'navigation':
        return (
          <div className="rp-field">
            <span className="rp-field__label" id={`${formId}-${property.id}`}>
              {label}
            </span>
            <ToggleButtonGroup
              aria-labelledby={`${formId}-${property.id}`}
              className="rp-segmented"
              selectionMode="single"
              disallowEmptySelection={property.optional !== true}
              isDisabled={isDisabled}
              selectedKeys={current?.optionId === undefined ? [] : [current.optionId]}
              onSelectionChange={(keys) => {
                const [next] = [...keys];
                if (next === undefined) unset(property);
                else choose(property, { optionId: String(next) });
              }}
            >
              {property.options.map((o) => (
                <ToggleButton key={o.id} id={o.id} className="rp-segmented__item">
                  {localized(o, language)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </div>
        );
      case 'treeView':
        return (
          <div className="rp-field">
            <span className="rp-field__label" id={`${formId}-${property.id}`}>
              {label}
            </span>
            <Tree
              aria-labelledby={`${formId}-${property.id}`}
              className="rp-tree"
              selectionMode="single"
              disallowEmptySelection={property.optional !== true}
              selectedKeys={current?.optionId === undefined ? [] : [current.optionId]}
              {...(isDisabled ? { disabledBehavior: 'all' as const, disabledKeys: property.options.map((o) => o.id) } : {})}
              onSelectionChange={(keys) => {
                const [next] = keys === 'all' ? [] : [...keys];
                if (next === undefined) unset(property);
                else choose(property, { optionId: String(next) });
              }}
            >
              {property.options.map((o) => (
                <TreeItem key={o.id} id={o.id} textValue={optionLabel(o.id)} className="rp-tree__item">
                  <TreeItemContent>{optionLabel(o.id)}</TreeItemContent>
                </TreeItem>
              ))}
            </Tree>
          </div>
        );
      default:
        return <p>{t('dialogs.unknownField', { name: label })}</p>;
    }
  };

  return (
    <div className="rp-property-set">
      {set.groups.map((group) => {
        const available = group.properties.filter((p) => isPropertyAvailable(set, options, p, prefix));
        if (available.length === 0) return null;
        return (
          <fieldset key={group.id} className="rp-property-set__group">
            <legend>{localized(group, language)}</legend>
            {available.map((p) => (
              <div key={p.id} className="rp-property-set__property">
                {control(p)}
              </div>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
