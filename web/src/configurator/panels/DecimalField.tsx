/**
 * Decimal text field of the configurator (planning spec §5): accepts empty or an optionally
 * negative number with dot or comma (commas become dots); a value is passed on only when it
 * parses, `debounceMs` after the last keystroke (spec §9: 300 ms dimensions, 500 ms levels) or at
 * once on blur / Enter. A message shows only after the field was touched. While the field is not
 * being edited it follows `value` (undo, another tab), formatted in the UI language.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField.tsx';
import { editText, parseDecimal } from '../../dimensioning/ui/format.ts';

export interface DecimalFieldProps {
  readonly label: string;
  readonly value: number | null;
  /** Called with the parsed value (null = empty, only when `allowEmpty`). */
  readonly onCommit: (value: number | null) => void;
  readonly debounceMs: number;
  readonly min?: number;
  readonly max?: number;
  readonly allowEmpty?: boolean;
  readonly isDisabled?: boolean;
  readonly description?: string;
  /** An outside message (e.g. an engine check) shown under the field. */
  readonly message?: string | undefined;
  readonly testId?: string;
  /** Told on every keystroke whether the text parses and passes the checks (fields that are sent together). */
  readonly onValidityChange?: (valid: boolean) => void;
  /** Extra check on a parsed value (the message key's text, or undefined when fine). */
  readonly validate?: (value: number | null) => string | undefined;
}

export type DecimalCheck = { readonly ok: true; readonly value: number | null } | { readonly ok: false; readonly problem: 'invalid' | 'required' | 'min' | 'max' };

/** Parses and checks the text of a decimal field. */
export function checkDecimal(text: string, { min, max, allowEmpty = false }: { min?: number | undefined; max?: number | undefined; allowEmpty?: boolean }): DecimalCheck {
  const parsed = parseDecimal(text);
  if (parsed === undefined) return { ok: false, problem: 'invalid' };
  if (parsed === null) return allowEmpty ? { ok: true, value: null } : { ok: false, problem: 'required' };
  if (min !== undefined && parsed < min) return { ok: false, problem: 'min' };
  if (max !== undefined && parsed > max) return { ok: false, problem: 'max' };
  return { ok: true, value: parsed };
}

export function DecimalField({ label, value, onCommit, debounceMs, min, max, allowEmpty = false, isDisabled, description, message, testId, validate, onValidityChange }: DecimalFieldProps) {
  const { t, i18n } = useTranslation('configurator');
  const language = i18n.language;
  const [text, setText] = useState(() => editText(value, language));
  const [touched, setTouched] = useState(false);
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<{ text: string; committed: number | null }>({ text, committed: value });
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;

  useEffect(() => {
    // Follow the value from outside while the planner is not typing.
    if (!editing.current) {
      const next = editText(value, language);
      setText(next);
      onValidityChange?.(true);
      latest.current = { text: next, committed: value };
    }
  }, [value, language]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = checkDecimal(text, { min, max, allowEmpty });
  const extra = check.ok ? validate?.(check.value) : undefined;
  const problem = !check.ok
    ? t(`decimal.${check.problem}`, { min: editText(min, language), max: editText(max, language) })
    : extra;

  const flush = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const c = checkDecimal(latest.current.text, { min, max, allowEmpty });
    if (!c.ok || validate?.(c.value) !== undefined) return;
    if (c.value === latest.current.committed) return;
    latest.current = { ...latest.current, committed: c.value };
    commitRef.current(c.value);
  };

  return (
    <TextField
      label={label}
      value={text}
      inputMode="decimal"
      maxLength={24}
      {...(isDisabled === undefined ? {} : { isDisabled })}
      {...(description === undefined ? {} : { description })}
      {...(testId === undefined ? {} : { 'data-testid': testId })}
      isInvalid={(touched && problem !== undefined) || message !== undefined}
      {...(touched && problem !== undefined ? { errorMessage: problem } : message === undefined ? {} : { errorMessage: message })}
      onFocus={() => {
        editing.current = true;
      }}
      onChange={(next) => {
        setText(next);
        latest.current = { ...latest.current, text: next };
        const c = checkDecimal(next, { min, max, allowEmpty });
        onValidityChange?.(c.ok && validate?.(c.value) === undefined);
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, debounceMs);
      }}
      onBlur={() => {
        editing.current = false;
        setTouched(true);
        flush();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          setTouched(true);
          flush();
        }
      }}
    />
  );
}
