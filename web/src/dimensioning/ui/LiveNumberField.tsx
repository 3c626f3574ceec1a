/**
 * A numeric input that commits on every keystroke (issue 7: every keystroke re-evaluates in the
 * worker). Unlike the shared NumberField (react-aria, commits on blur), the text the planner
 * types stays as typed ("12," stays "12,") while the parsed value is committed. On blur the value
 * is clamped to [minValue, maxValue] and snapped to `step` (spec section 5: box dimensions round
 * down to the 0.8 m grid, layers to 0.5, pipes to whole numbers). Steppers are disabled at the
 * bounds; empty shows `---`.
 */
import { memo, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
  const { label, value, minValue = 0, maxValue, isDisabled = false, isRequired = false, description, errorMessage, testId } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => editText(value, language));
  const [shown, setShown] = useState({ value, language });
  const errorId = useId();

  // A new value from outside (another field, a stepper, the engine) replaces the text unless the
  // text already means it ("12," stays while 12 is committed). Adjusted while rendering, not in an
  // effect: an effect would render the field a second time after every committed keystroke.
  // A language switch always rewrites the text in the new language's format ("5,67" → "5.67").
  if (!Object.is(shown.value, value) || shown.language !== language) {
    const languageChanged = shown.language !== language;
    setShown({ value, language });
    const parsed = parseDecimal(text);
    const same = (parsed === null && (value === null || value === undefined || !Number.isFinite(value))) || parsed === value;
    if (!same || languageChanged) setText(editText(value, language));
  }

  // The handlers read the latest props and text, so they keep their identity and the memoised
  // view re-renders only when what it shows changes: the engine's answer to a keystroke (the value
  // the field has just committed) does not render the field again.
  const latest = useRef({ props, text, language });
  useLayoutEffect(() => {
    latest.current = { props, text, language };
  });
  const handlers = useMemo(() => {
    const commit = (next: number | null) => {
      const { value: current, onChange } = latest.current.props;
      if (next === current || (next === null && (current === null || current === undefined))) return;
      onChange(next);
    };
    return {
      onText: (next: string) => {
        setText(next);
        const parsed = parseDecimal(next);
        if (parsed !== undefined) commit(parsed);
      },
      onBlur: () => {
        const { props: p, text: typed, language: lang } = latest.current;
        const parsed = parseDecimal(typed);
        if (parsed === null || parsed === undefined) {
          setText(editText(p.value, lang));
          return;
        }
        const next = normalize(parsed, p);
        setText(editText(next, lang));
        commit(next);
      },
      onStep: (direction: 1 | -1) => {
        const { props: p, language: lang } = latest.current;
        const current = typeof p.value === 'number' && Number.isFinite(p.value) ? p.value : undefined;
        const next = normalize((current ?? p.minValue ?? 0) + direction * (p.step ?? 1), { ...p, snap: p.snap ?? 'round' });
        setText(editText(next, lang));
        commit(next);
      },
    };
  }, []);

  // i18next's t is slow next to the rest of this render: the labels change with the language only
  const decreaseLabel = useMemo(() => `${t('actions.decrease')}: ${label}`, [t, label]);
  const increaseLabel = useMemo(() => `${t('actions.increase')}: ${label}`, [t, label]);
  const current = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return (
    <NumberFieldView
      label={label}
      text={text}
      isDisabled={isDisabled}
      isRequired={isRequired}
      description={description}
      errorMessage={errorMessage}
      errorId={errorId}
      testId={testId}
      decreaseLabel={decreaseLabel}
      increaseLabel={increaseLabel}
      canDecrease={!isDisabled && !(current !== undefined && current <= minValue)}
      canIncrease={!isDisabled && !(current !== undefined && maxValue !== undefined && current >= maxValue)}
      onText={handlers.onText}
      onBlur={handlers.onBlur}
      onStep={handlers.onStep}
    />
  );
}

interface NumberFieldViewProps {
  readonly label: string;
  readonly text: string;
  readonly isDisabled: boolean;
  readonly isRequired: boolean;
  readonly description: string | undefined;
  readonly errorMessage: string | undefined;
  readonly errorId: string;
  readonly testId: string | undefined;
  readonly decreaseLabel: string;
  readonly increaseLabel: string;
  readonly canDecrease: boolean;
  readonly canIncrease: boolean;
  readonly onText: (text: string) => void;
  readonly onBlur: () => void;
  readonly onStep: (direction: 1 | -1) => void;
}

const NumberFieldView = memo(function NumberFieldView(props: NumberFieldViewProps) {
  const { label, text, isDisabled, isRequired, description, errorMessage, errorId, testId, onText, onBlur, onStep } = props;
  const invalid = errorMessage !== undefined && errorMessage !== '';
  return (
    <TextField className="rp-field rp-number rp-live-number" value={text} isDisabled={isDisabled} isRequired={isRequired} isInvalid={invalid} inputMode="decimal" onChange={onText} onBlur={onBlur}>
      <Label className="rp-field__label">{label}</Label>
      <Group className="rp-number__group">
        <Button slot={null} className="rp-number__step" aria-label={props.decreaseLabel} isDisabled={!props.canDecrease} onPress={() => onStep(-1)}>
          −
        </Button>
        <Input className="rp-field__input rp-number__input" placeholder={DASHES} {...(testId === undefined ? {} : { 'data-testid': testId })} {...(invalid ? { 'aria-describedby': errorId } : {})} />
        <Button slot={null} className="rp-number__step" aria-label={props.increaseLabel} isDisabled={!props.canIncrease} onPress={() => onStep(1)}>
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
});
