import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';

export interface SelectOption<K extends Key = string> {
  readonly id: K;
  readonly label: string;
}

export interface SelectProps<K extends Key = string> {
  readonly label: string;
  readonly options: readonly SelectOption<K>[];
  readonly value: K | null;
  readonly onChange: (value: K) => void;
  readonly isDisabled?: boolean;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  /** Shown when `isInvalid`; a required select without a value shows the product's "required" text once touched. */
  readonly errorMessage?: string;
  readonly placeholder?: string;
  readonly className?: string;
}

/**
 * Labelled single-choice select (react-aria listbox in a popover).
 *
 * - A click opens the list and does nothing else: react-aria selects an option when a press that
 *   began on the trigger is released over it ("press, drag, release"); with many options the list
 *   can open under the pointer, so the release of the opening click would pick an option the user
 *   never saw. A pointer release in the list counts only when the press also began in the list.
 * - Validation is the product's own (`validationBehavior="aria"`): never the browser's message;
 *   a required select without a value shows its message only after it was opened and closed or
 *   left (touched), or when the caller sets `isInvalid` (e.g. after a submit).
 */
export function Select<K extends Key = string>({ label, options, value, onChange, errorMessage, className, placeholder, isInvalid, isRequired, ...rest }: SelectProps<K>) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const pressedInList = useRef(false);
  const missing = isRequired === true && value === null && touched;
  const invalid = isInvalid === true || missing;
  const message = errorMessage ?? (missing ? t('validation.choose') : undefined);
  const guardRelease = (event: PointerEvent) => {
    const began = pressedInList.current;
    pressedInList.current = false;
    if (!began && event.pointerType === 'mouse') {
      event.stopPropagation();
      event.preventDefault();
    }
  };
  return (
    <AriaSelect
      {...rest}
      {...(isRequired === undefined ? {} : { isRequired })}
      isInvalid={invalid}
      validationBehavior="aria"
      value={value}
      {...(placeholder === undefined ? {} : { placeholder })}
      onChange={(key) => {
        if (key !== null) onChange(key as K);
      }}
      onOpenChange={(open) => {
        pressedInList.current = false;
        if (!open) setTouched(true);
      }}
      onBlur={() => setTouched(true)}
      className={`rp-field rp-select${className === undefined ? '' : ` ${className}`}`}
    >
      <Label className="rp-field__label">{label}</Label>
      <Button className="rp-field__input rp-select__button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className="rp-field__error">{message}</FieldError>
      <Popover className="rp-popover">
        <ListBox
          className="rp-listbox"
          onPointerDownCapture={() => {
            pressedInList.current = true;
          }}
          onPointerUpCapture={guardRelease}
        >
          {options.map((option) => (
            <ListBoxItem key={String(option.id)} id={option.id} className="rp-listbox__item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
