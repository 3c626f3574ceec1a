/**
 * Form state of the account screens: values, touched fields and the errors of a validate
 * function (validation.ts). Fields validate on touch (blur) and re-validate on every change;
 * `fieldProps(name)` wires a TextField (value, onChange, onBlur, isInvalid, errorMessage).
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Errors, ValidationKey } from './validation.ts';

export function useForm<T extends object>(initial: T, validate: (values: T) => Errors<Extract<keyof T, string>>) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const errors = useMemo(() => validate(values), [validate, values]);
  const valid = Object.values(errors).every((value) => value === undefined);

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => setValues((old) => ({ ...old, [field]: value })), []);
  const touch = useCallback((field: keyof T) => setTouched((old) => (old[field] === true ? old : { ...old, [field]: true })), []);
  const reset = useCallback((next: T) => {
    setValues(next);
    setTouched({});
  }, []);

  /** The translated error of a touched field. */
  const error = (field: Extract<keyof T, string>): string | undefined => {
    const key = errors[field] as ValidationKey | undefined;
    return touched[field] === true && key !== undefined ? t(key) : undefined;
  };

  const fieldProps = (field: Extract<keyof T, string>) => {
    const message = error(field);
    return {
      value: String(values[field] ?? ''),
      onChange: (value: string) => set(field, value as T[typeof field]),
      onBlur: () => touch(field),
      isInvalid: message !== undefined,
      validationBehavior: 'aria' as const,
      ...(message === undefined ? {} : { errorMessage: message }),
    };
  };

  return { values, setValues, set, touched, touch, reset, errors, valid, error, fieldProps };
}
