/**
 * A numeric input that commits on every keystroke (issue 7: every keystroke re-evaluates in the
 * worker). Unlike the shared NumberField (react-aria, commits on blur), the text the planner
 * types stays as typed ("12," stays "12,") while the parsed value is committed. On blur the value
 * is clamped to [minValue, maxValue] and snapped to `step` (spec section 5: box dimensions round
 * down to the 0.8 m grid, layers to 0.5, pipes to whole numbers). Steppers are disabled at the
 * bounds; empty shows `---`.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Input, Label, Text, TextField } from 'react-aria-components';
import { DASHES, editText, parseDecimal } from './format.ts';

export interface LiveNumberFieldProps {
  readonly label: string;
  readonly value: number | null | undefined;
  readonly onChange: (value: number | null) => void;
  readonly minValue?: number;
  readonly maxValue?: number;
  readonly step?: number;
  /** How a value off the step grid is snapped on blur: 'floor' (dimensions) or 'round'; none by default. */
  readonly snap?: 'floor' | 'round';
  /** Decimals kept on blur. */
  readonly decimals?: number;
  readonly isDisabled?: boolean;
  readonly isRequired?: boolean;
  readonly description?: string;
  readonly errorMessage?: string | undefined;
  readonly testId?: string;
}

function normalize(value: number, { minValue = 0, maxValue, step, snap, decimals }: LiveNumberFieldProps): number {
  let next = value;
  if (step !== undefined && snap !== undefined) {
    const k = next / step;
    next = (snap === 'floor' ? Math.floor(k + 1e-9) : Math.round(k)) * step;
  }
  next = Math.max(minValue, next);
  if (maxValue !== undefined) next = Math.min(maxValue, next);
  next = Number(next.toFixed(decimals ?? 6));
  return next;
}

export function LiveNumberField(props: LiveNumberFieldProps) {
  const { label, value, onChange, minValue = 0, maxValue, step = 1, isDisabled = false, isRequired = false, description, errorMessage, testId } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => editText(value, language));
  const errorId = useId();

  useEffect(() => {
    setText((current) => {
      const parsed = parseDecimal(current);
      const same = (parsed === null && (value === null || value === undefined || !Number.isFinite(value))) || parsed === value;
      return same ? current : editText(value, language);
    });
  }, [value, language]);

  const commit = (next: number | null) => {
    if (next === value || (next === null && (value === null || value === undefined))) return;
    onChange(next);
  };
  const current = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  const stepBy = (direction: 1 | -1) => {
    const next = normalize((current ?? minValue) + direction * step, { ...props, snap: props.snap ?? 'round' });
    setText(editText(next, language));
    commit(next);
  };
  const invalid = errorMessage !== undefined && errorMessage !== '';

  return (
    <TextField
      className="rp-field rp-number rp-live-number"
      value={text}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={invalid}
      inputMode="decimal"
      onChange={(next) => {
        setText(next);
        const parsed = parseDecimal(next);
        if (parsed !== undefined) commit(parsed);
      }}
      onBlur={() => {
        const parsed = parseDecimal(text);
        if (parsed === null || parsed === undefined) {
          setText(editText(value, language));
          return;
        }
        const next = normalize(parsed, props);
        setText(editText(next, language));
        commit(next);
      }}
    >
      <Label className="rp-field__label">{label}</Label>
      <Group className="rp-number__group">
        <Button slot={null} className="rp-number__step" aria-label={`${t('actions.decrease')}: ${label}`} isDisabled={isDisabled || (current !== undefined && current <= minValue)} onPress={() => stepBy(-1)}>
          −
        </Button>
        <Input className="rp-field__input rp-number__input" placeholder={DASHES} {...(testId === undefined ? {} : { 'data-testid': testId })} {...(invalid ? { 'aria-describedby': errorId } : {})} />
        <Button slot={null} className="rp-number__step" aria-label={`${t('actions.increase')}: ${label}`} isDisabled={isDisabled || (current !== undefined && maxValue !== undefined && current >= maxValue)} onPress={() => stepBy(1)}>
          +
        </Button>
      </Group>
      {description !== undefined && <Text slot="description" className="rp-field__description">{description}</Text>}
      {invalid && (
        <Text id={errorId} className="rp-field__error" elementType="div">
          {errorMessage}
        </Text>
      )}
    </TextField>
  );
}
