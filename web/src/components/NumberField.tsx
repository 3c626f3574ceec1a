import { useTranslation } from 'react-i18next';
import { Button, FieldError, Group, Input, Label, NumberField as AriaNumberField, Text } from 'react-aria-components';

export interface NumberFieldProps {
  readonly label: string;
  /** Empty, NaN or ±Infinity show as `---`. */
  readonly value: number | null | undefined;
  readonly onChange?: (value: number) => void;
  /** Default 0 (platform spec section 5). */
  readonly minValue?: number;
  /** Default unlimited. */
  readonly maxValue?: number;
  readonly step?: number;
  readonly isDisabled?: boolean;
  readonly isReadOnly?: boolean;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  readonly errorMessage?: string;
  readonly description?: string;
  /** Intl number format, e.g. `{ maximumFractionDigits: 2 }` or a unit. */
  readonly formatOptions?: Intl.NumberFormatOptions;
  readonly className?: string;
}

/**
 * Numeric input (platform spec section 5): minimum default 0, maximum default unlimited, step;
 * the increment / decrement buttons are disabled at the bounds; an empty or non-finite value
 * shows three dashes. Formats in the locale of the I18nProvider (App.tsx: the current language).
 */
export function NumberField({ label, value, onChange, minValue = 0, maxValue, step, errorMessage, description, className, ...rest }: NumberFieldProps) {
  const { t } = useTranslation();
  const shown = value !== null && value !== undefined && Number.isFinite(value) ? value : Number.NaN;
  return (
    <AriaNumberField
      validationBehavior="aria"
      {...rest}
      value={shown}
      onChange={(next) => onChange?.(next)}
      minValue={minValue}
      {...(maxValue === undefined ? {} : { maxValue })}
      {...(step === undefined ? {} : { step })}
      className={`rp-field rp-number${className === undefined ? '' : ` ${className}`}`}
    >
      <Label className="rp-field__label">{label}</Label>
      <Group className="rp-number__group">
        <Button slot="decrement" className="rp-number__step" aria-label={t('actions.decrease')}>
          −
        </Button>
        <Input className="rp-field__input rp-number__input" placeholder="---" />
        <Button slot="increment" className="rp-number__step" aria-label={t('actions.increase')}>
          +
        </Button>
      </Group>
      {description !== undefined && <Text slot="description" className="rp-field__description">{description}</Text>}
      <FieldError className="rp-field__error">{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
