/**
 * Registration (/authentication/registration): form of address, name, e-mail, company, street,
 * house number, zip code, city, phone, password, repeat password, consent (privacy policy and
 * terms of use). Submit is disabled until the form is valid and the repeat password was touched
 * (spec section 5); it sends uiCulture and leads to the check-e-mail screen.
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { TextField } from '../../components/TextField.tsx';
import { config } from '../../config.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { PersonalDataFields } from './PersonalDataFields.tsx';
import { useForm } from './useForm.ts';
import { EMPTY_PERSONAL_DATA, toUserUpdate, validateRegistration, type RegistrationData } from './validation.ts';
import './auth.css';

const INITIAL: RegistrationData = { ...EMPTY_PERSONAL_DATA, password: '', passwordRepeat: '', gdprConsent: false };

export const Component = observer(function Registration() {
  const { session, ui } = useStores();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useForm<RegistrationData>(INITIAL, validateRegistration);
  const [busy, setBusy] = useState(false);
  const canSubmit = form.valid && form.touched.passwordRepeat === true && !busy;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    const data = toUserUpdate(form.values);
    const ok = await ui.withWait(() =>
      session.register({
        ...data,
        company: data.company ?? '',
        phoneNumber: data.phoneNumber ?? '',
        password: form.values.password,
        passwordRepeat: form.values.passwordRepeat,
        gdprConsent: true,
      }),
    );
    setBusy(false);
    if (ok) void navigate('/authentication/checkemail', { state: { email: data.email } });
  };

  return (
    <section className="rp-form-page rp-form-page--wide">
      <h1>{t('registration.title')}</h1>
      <p>{t('registration.intro')}</p>
      <form
        className="rp-form rp-box"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <PersonalDataFields form={form} />
        <div className="rp-form__grid">
          <TextField label={t('fields.password')} type="password" autoComplete="new-password" isRequired description={t('passwordHint')} {...form.fieldProps('password')} />
          <TextField label={t('fields.passwordRepeat')} type="password" autoComplete="new-password" isRequired {...form.fieldProps('passwordRepeat')} />
        </div>
        <Checkbox
          isSelected={form.values.gdprConsent}
          onChange={(selected) => {
            form.set('gdprConsent', selected);
            form.touch('gdprConsent');
          }}
          isInvalid={form.error('gdprConsent') !== undefined}
          isRequired
        >
          {t('registration.consent')}
        </Checkbox>
        <p className="rp-form__note">
          <a href={config.providerLinks.privacy} target="_blank" rel="noreferrer">
            {t('registration.privacyPolicy')}
          </a>
          {' · '}
          <Link to="/termsOfUse" target="_blank">
            {t('registration.termsOfUse')}
          </Link>
        </p>
        {form.error('gdprConsent') !== undefined && <p className="rp-form__alert">{form.error('gdprConsent')}</p>}
        <p className="rp-form__note">{t('registration.requiredNote')}</p>
        <div className="rp-form__actions">
          <Button type="submit" isDisabled={!canSubmit}>
            {t('registration.submit')}
          </Button>
          <Link to="/">{t('registration.haveAccount')}</Link>
        </div>
      </form>
    </section>
  );
});
