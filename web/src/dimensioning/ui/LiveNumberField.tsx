/**
 * A numeric input that commits on every keystroke (issue 7: every keystroke re-evaluates in the
 * worker). Unlike the shared NumberField (react-aria, commits on blur), the text the planner
 * types stays as typed ("12," stays "12,") while the parsed value is committed. On blur the value
 * is clamped to [minValue, maxValue] and snapped to `step` (spec section 5: box dimensions round
 * down to the 0.8 m grid, layers to 0.5, pipes to whole numbers). Steppers are disabled at the
 * bounds; empty shows `---`.
 *
 * The input is the browser's own (uncontrolled): a keystroke commits the parsed value and renders
 * nothing, so the keystroke's task is the browser's editing and the edit's post to the engine, and
 * the engine's answer renders only what shows its figures (latency, issue 29). A new value from
 * outside is written into the input in a layout effect (before the frame that shows it).
 */
import { memo, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'react-aria-components';
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

/** Whether the typed text already means the value ("12," means 12; an empty text means no value). */
function textMeans(text: string, value: number | null | undefined): boolean {
  const parsed = parseDecimal(text);
  return (parsed === null && (value === null || value === undefined || !Number.isFinite(value))) || parsed === value;
}

export function LiveNumberField(props: LiveNumberFieldProps) {
  const { label, value, minValue = 0, maxValue, isDisabled = false, isRequired = false, description, errorMessage, testId } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const input = useRef<HTMLInputElement>(null);
  // the text of the first render; afterwards the input holds the text (what was typed, or a value
  // written from outside)
  const [initialText] = useState(() => editText(value, language));
  const shown = useRef({ value, language });

  // A new value from outside (another field, a stepper, the engine) replaces the text unless the
  // text already means it ("12," stays while 12 is committed). A language switch always rewrites
  // the text in the new language's format ("5,67" → "5.67").
  useLayoutEffect(() => {
    const before = shown.current;
    if (Object.is(before.value, value) && before.language === language) return;
    shown.current = { value, language };
    const element = input.current;
    if (element !== null && (before.language !== language || !textMeans(element.value, value))) element.value = editText(value, language);
  }, [value, language]);

  // The handlers read the latest props, so they keep their identity and the memoised view
  // re-renders only when what it shows changes.
  const latest = useRef({ props, language });
  useLayoutEffect(() => {
    latest.current = { props, language };
  });
  const handlers = useMemo(() => {
    const commit = (next: number | null) => {
      const { value: current, onChange } = latest.current.props;
      if (next === current || (next === null && (current === null || current === undefined))) return;
      onChange(next);
    };
    const write = (text: string) => {
      if (input.current !== null) input.current.value = text;
    };
    return {
      onText: (event: ChangeEvent<HTMLInputElement>) => {
        const parsed = parseDecimal(event.currentTarget.value);
        if (parsed !== undefined) commit(parsed);
      },
      onBlur: () => {
        const { props: p, language: lang } = latest.current;
        const parsed = parseDecimal(input.current?.value ?? '');
        if (parsed === null || parsed === undefined) {
          write(editText(p.value, lang));
          return;
        }
        const next = normalize(parsed, p);
        write(editText(next, lang));
        commit(next);
      },
      onStep: (direction: 1 | -1) => {
        const { props: p, language: lang } = latest.current;
        const current = typeof p.value === 'number' && Number.isFinite(p.value) ? p.value : undefined;
        const next = normalize((current ?? p.minValue ?? 0) + direction * (p.step ?? 1), { ...p, snap: p.snap ?? 'round' });
        write(editText(next, lang));
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
      initialText={initialText}
      inputRef={input}
      isDisabled={isDisabled}
      isRequired={isRequired}
      description={description}
      errorMessage={errorMessage}
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
  readonly initialText: string;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly isDisabled: boolean;
  readonly isRequired: boolean;
  readonly description: string | undefined;
  readonly errorMessage: string | undefined;
  readonly testId: string | undefined;
  readonly decreaseLabel: string;
  readonly increaseLabel: string;
  readonly canDecrease: boolean;
  readonly canIncrease: boolean;
  readonly onText: (event: ChangeEvent<HTMLInputElement>) => void;
  readonly onBlur: () => void;
  readonly onStep: (direction: 1 | -1) => void;
}

/**
 * The field's markup: a label, the steppers around the input, the description and the message,
 * with the ids that tie them to the input (the shape of react-aria's TextField, whose state would
 * render the whole field on every keystroke).
 */
const NumberFieldView = memo(function NumberFieldView(props: NumberFieldViewProps) {
  const { label, initialText, inputRef, isDisabled, isRequired, description, errorMessage, testId, onText, onBlur, onStep } = props;
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const invalid = errorMessage !== undefined && errorMessage !== '';
  const describedBy = invalid ? errorId : description !== undefined ? descriptionId : undefined;
  return (
    <div className="rp-field rp-number rp-live-number" {...(isRequired ? { 'data-required': 'true' } : {})} {...(isDisabled ? { 'data-disabled': 'true' } : {})} {...(invalid ? { 'data-invalid': 'true' } : {})}>
      <label className="rp-field__label" id={labelId} htmlFor={inputId}>
        {label}
      </label>
      <div role="presentation" className="rp-number__group">
        <Button slot={null} className="rp-number__step" aria-label={props.decreaseLabel} isDisabled={!props.canDecrease} onPress={() => onStep(-1)}>
          −
        </Button>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="rp-field__input rp-number__input"
          defaultValue={initialText}
          placeholder={DASHES}
          inputMode="decimal"
          title=""
          aria-labelledby={labelId}
          required={isRequired}
          disabled={isDisabled}
          onChange={onText}
          onBlur={onBlur}
          {...(invalid ? { 'aria-invalid': true } : {})}
          {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
          {...(testId === undefined ? {} : { 'data-testid': testId })}
        />
        <Button slot={null} className="rp-number__step" aria-label={props.increaseLabel} isDisabled={!props.canIncrease} onPress={() => onStep(1)}>
          +
        </Button>
      </div>
      {description !== undefined && (
        <div id={descriptionId} className="rp-field__description">
          {description}
        </div>
      )}
      {invalid && (
        <div id={errorId} className="rp-field__error">
          {errorMessage}
        </div>
      )}
    </div>
  );
});
