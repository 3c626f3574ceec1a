import { useTranslation } from 'react-i18next';
import type { FormOfAddress } from '../../api/index.ts';
import { Select } from '../../components/Select.tsx';

export const FORMS_OF_ADDRESS: readonly FormOfAddress[] = ['MALE', 'FEMALE', 'NONE', 'COMPANY', 'OTHER'];

/** Form of address: MALE, FEMALE, NONE, COMPANY, OTHER (platform spec section 3). */
export function FormOfAddressSelect({ value, onChange, isDisabled = false }: { value: FormOfAddress; onChange: (value: FormOfAddress) => void; isDisabled?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Select<FormOfAddress>
      label={t('fields.formOfAddress')}
      options={FORMS_OF_ADDRESS.map((id) => ({ id, label: t(`formOfAddress.${id}`) }))}
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
    />
  );
}
