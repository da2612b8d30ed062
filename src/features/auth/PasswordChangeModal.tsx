// Its state is a few useState hooks, not @mantine/form (issue 22 asked to weigh it): the registry's
// forms do not use it either (src/ui/form.ts: drafts kept on the device, the leave guard, the local
// store's field errors), and it weighs ~5.9 KiB gzipped (measured: the password modal's chunk went from
// 1.1 to 7.0 KiB with it), for a three-field modal. What it would replace here is the values and errors
// state.
import '@mantine/core/styles/PasswordInput.layer.css';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword, type PasswordChange } from '../../api/auth';
import { describeApiError, fieldErrors } from '../../api/errors';
import { isOnline } from '../../api/http';
import { notifySuccess, showErrorNotice } from '../../ui/notices';
import { localisedNotice } from './serverMessages';

const EMPTY: PasswordChange = { old_password: '', new_password1: '', new_password2: '' };
const FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;
const PASSWORD_CHANGE_NOTICE_DURATION = 4000;
// The server takes passwords of up to 256 characters; longer is said here, naming the field.
const MAX_PASSWORD = 256;

interface Props {
  opened: boolean;
  onClose: () => void;
}

export function PasswordChangeModal({ opened, onClose }: Props) {
  const { t } = useTranslation(['auth', 'common']);
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  // A double click or a second Enter while the change is on its way does not send it again.
  const sending = useRef(false);

  function close() {
    setValues(EMPTY);
    setErrors({});
    onClose();
  }

  function validate(): Record<string, string[]> {
    const found: Record<string, string[]> = {};
    for (const field of FIELDS) {
      const label = t(`password_change.${field}`);
      if (!values[field]) found[field] = [t('common:validation.empty', { field: label })];
      else if (values[field].length > MAX_PASSWORD)
        found[field] = [t('common:validation.too_long', { field: label, max: MAX_PASSWORD })];
    }
    if (!found.new_password2 && values.new_password1 !== values.new_password2) {
      found.new_password2 = [t('password_change.mismatch')];
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    if (!isOnline()) {
      setErrors({ non_field_errors: [t('password_change.needs_connection')] });
      return;
    }
    setBusy(true);
    sending.current = true;
    try {
      await changePassword(values);
      notifySuccess(
        t('password_change.success'),
        t('password_change.title'),
        PASSWORD_CHANGE_NOTICE_DURATION,
      );
      close();
    } catch (error) {
      const fields = await fieldErrors(error);
      if (fields) setErrors(fields);
      showErrorNotice(localisedNotice(await describeApiError(error), t));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t('password_change.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.non_field_errors && <Alert color="red">{errors.non_field_errors.join(' ')}</Alert>}
          {FIELDS.map((field, index) => (
            <PasswordInput
              key={field}
              name={field}
              label={t(`password_change.${field}`)}
              autoComplete={index === 0 ? 'current-password' : 'new-password'}
              value={values[field]}
              error={errors[field]?.join(' ')}
              onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
              data-autofocus={index === 0 ? true : undefined}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
