/** Multi-select of sealed surfaces (checkbox group); surfaces that cannot be chosen are disabled (spec section 5). */
import { CheckboxGroup, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/Checkbox.tsx';

export interface SurfaceOption {
  readonly id: string;
  readonly name: string;
  readonly disabled: boolean;
}

export function SurfaceChoice({ label, options, value, onChange }: { label: string; options: readonly SurfaceOption[]; value: readonly string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('dimensioning');
  return (
    <CheckboxGroup className="rp-field rp-surface-choice" value={[...value]} onChange={onChange}>
      <Label className="rp-field__label">{label}</Label>
      {options.length === 0 && <p className="rp-muted">{t('measure.noSurfaces')}</p>}
      {options.map((option) => (
        <Checkbox key={option.id} value={option.id} isDisabled={option.disabled}>
          {option.name}
          {option.disabled ? <span className="rp-muted"> {t('measure.surfaceDisabled')}</span> : null}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}
