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
  readonly errorMessage?: string;
  readonly placeholder?: string;
  readonly className?: string;
}

/** Labelled single-choice select (react-aria listbox in a popover). */
export function Select<K extends Key = string>({ label, options, value, onChange, errorMessage, className, placeholder, ...rest }: SelectProps<K>) {
  return (
    <AriaSelect
      {...rest}
      value={value}
      {...(placeholder === undefined ? {} : { placeholder })}
      onChange={(key) => {
        if (key !== null) onChange(key as K);
      }}
      className={`rp-field rp-select${className === undefined ? '' : ` ${className}`}`}
    >
      <Label className="rp-field__label">{label}</Label>
      <Button className="rp-field__input rp-select__button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className="rp-field__error">{errorMessage}</FieldError>
      <Popover className="rp-popover">
        <ListBox className="rp-listbox">
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
