/** The personal data fields of registration, account and admin user detail (platform spec section 5). */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField.tsx';
import { FormOfAddressSelect } from './FormOfAddressSelect.tsx';
import type { PersonalData, PersonalField } from './validation.ts';

export interface PersonalDataForm {
  readonly values: PersonalData;
  set<K extends PersonalField>(field: K, value: PersonalData[K]): void;
  fieldProps(field: PersonalField): {
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    isInvalid: boolean;
    validationBehavior: 'aria';
    errorMessage?: string;
  };
}

export function PersonalDataFields({ form, isDisabled = false }: { form: PersonalDataForm; isDisabled?: boolean }) {
  const { t } = useTranslation('auth');
  const field = (name: PersonalField) => ({ ...form.fieldProps(name), isDisabled });
  return (
    <div className="rp-form__grid">
      <FormOfAddressSelect value={form.values.formOfAddress} onChange={(value) => form.set('formOfAddress', value)} isDisabled={isDisabled} />
      <TextField label={t('fields.name')} autoComplete="name" isRequired {...field('name')} />
      <TextField label={t('fields.email')} type="email" autoComplete="email" isRequired {...field('email')} />
      <TextField label={t('fields.company')} autoComplete="organization" {...field('company')} />
      <TextField label={t('fields.street')} autoComplete="address-line1" isRequired {...field('street')} />
      <TextField label={t('fields.houseNumber')} isRequired {...field('houseNumber')} />
      <TextField label={t('fields.zipCode')} autoComplete="postal-code" isRequired {...field('zipCode')} />
      <TextField label={t('fields.city')} autoComplete="address-level2" isRequired {...field('city')} />
      <TextField label={t('fields.phoneNumber')} type="tel" autoComplete="tel" {...field('phoneNumber')} />
    </div>
  );
}
