/**
 * Personal data form (platform spec section 5): name, e-mail, street, house number, zip code and
 * city required, company optional, phone format; save disabled unless changed and valid. A failed
 * save keeps the input and says so; newer data of the same user never overwrites input being typed.
 * Used by the account page and the admin user detail.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { FormBox } from '../../components/FormBox.tsx';
import { PersonalDataFields } from '../auth/PersonalDataFields.tsx';
import { useForm } from '../auth/useForm.ts';
import { personalDataOf, samePersonalData, validatePersonalData, type PersonalData } from '../auth/validation.ts';

export function PersonalDataBox({ user, onSave, note }: { user: User; onSave: (data: PersonalData) => Promise<boolean>; note?: string }) {
  const { t } = useTranslation('account');
  const saved = personalDataOf(user);
  const form = useForm<PersonalData>(saved, validatePersonalData);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const changed = !samePersonalData(form.values, saved);
  const { reset } = form;

  // Another user (admin detail): start from that user's data. The same user's newer data (the
  // answer of a save, a refresh of the session) replaces the fields while they hold the data shown
  // before or what was submitted last (the answer is the saved state: an e-mail change applies only
  // once confirmed); input typed since is never overwritten behind the user's back.
  const applied = useRef<{ readonly id: string; readonly data: PersonalData } | undefined>(undefined);
  const submitted = useRef<PersonalData | undefined>(undefined);
  const values = useRef(form.values);
  values.current = form.values;
  useEffect(() => {
    const next = personalDataOf(user);
    const before = applied.current;
    applied.current = { id: user.id, data: next };
    const typed = !samePersonalData(values.current, before?.data ?? next) && (submitted.current === undefined || !samePersonalData(values.current, submitted.current));
    submitted.current = undefined;
    if (before !== undefined && before.id === user.id && typed) return;
    reset(next);
    setFailed(false);
  }, [user, reset]);

  return (
    <FormBox
      id="personal-data-title"
      title={t('personal.title')}
      note={note}
      onSubmit={() => {
        if (!changed || !form.valid || busy) return;
        setBusy(true);
        setFailed(false);
        submitted.current = form.values;
        void onSave(form.values).then((ok) => {
          // a failed save keeps its input; no answer of it is awaited
          if (!ok) submitted.current = undefined;
          setBusy(false);
          setFailed(!ok);
        });
      }}
    >
      <PersonalDataFields form={form} />
      {failed && (
        <p className="rp-form__alert" role="alert">
          {t('personal.saveFailed')}
        </p>
      )}
      <div className="rp-form__actions">
        <Button type="submit" isDisabled={!changed || !form.valid || busy}>
          {t('common:actions.save')}
        </Button>
        {changed && (
          <Button
            variant="secondary"
            onPress={() => {
              form.reset(saved);
              setFailed(false);
            }}
          >
            {t('personal.discard')}
          </Button>
        )}
      </div>
    </FormBox>
  );
}
