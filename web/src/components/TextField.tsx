import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';

export interface TextFieldProps extends AriaTextFieldProps {
  readonly label: string;
  readonly description?: string;
  /** Shown when `isInvalid` (or native validation fails). */
  readonly errorMessage?: string;
  readonly multiline?: boolean;
  readonly placeholder?: string;
}

/** Labelled text input (or textarea) with description and error message; the product's own validation (`aria`), never the browser's message. */
export function TextField({ label, description, errorMessage, multiline = false, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField validationBehavior="aria" {...props} className={`rp-field${typeof className === 'string' ? ` ${className}` : ''}`}>
      <Label className="rp-field__label">{label}</Label>
      {multiline ? <TextArea className="rp-field__input" {...(placeholder === undefined ? {} : { placeholder })} /> : <Input className="rp-field__input" {...(placeholder === undefined ? {} : { placeholder })} />}
      {description !== undefined && <Text slot="description" className="rp-field__description">{description}</Text>}
      <FieldError className="rp-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
