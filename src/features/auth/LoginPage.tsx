// Its state is a few useState hooks, not @mantine/form (issue 22 asked to weigh it): the registry's
// forms do not use it either (src/ui/form.ts: drafts kept on the device, the leave guard, the local
// store's field errors), and it weighs ~5.9 KiB gzipped (measured: the password modal's chunk went from
// 1.1 to 7.0 KiB with it), which the sign-in page would add to the first download of /login, on a
// tablet's patchy signal. What it would replace here is the values and errors state.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors';
import { isOnline } from '../../api/http';
import { Link } from '../../ui/Link';
import { showErrorNotice } from '../../ui/notices';
import { useFocusFirstError } from '../../ui/useFocusFirstError';
import { InsecureNotice } from './InsecureNotice';
import { capsLockFrom, loginFailureNotice } from './loginFailure';
import { SessionNotices } from './SessionNotices';
import { signIn, useEndedSession } from './session';

type Field = 'username' | 'password';

/** Sign-in: Enter submits; once signed in, the guard on /login moves on to the redirect or /projects. */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  // After the server ended the session, the form starts with that user's name: signing in again resumes.
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    username: useEndedSession.getState().username ?? '',
    password: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>(errors);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  // A second Enter or click while the first sign-in is on its way does not send another.
  const sending = useRef(false);

  const labels: Record<Field, string> = { username: t('login.user'), password: t('login.password') };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['username', 'password'] as const) {
      if (!values[field].trim()) found[field] = t('common:validation.empty', { field: labels[field] });
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    if (!isOnline()) {
      setFailure(t('login.needs_connection'));
      return;
    }
    setBusy(true);
    sending.current = true;
    try {
      await signIn(values.username.trim(), values.password);
    } catch (error) {
      const notice = loginFailureNotice(error, await describeApiError(error), t);
      setFailure(notice.lines.flatMap((line) => line.messages).join(' '));
      showErrorNotice(notice);
      setBusy(false);
    } finally {
      sending.current = false;
    }
  }

  function watchCapsLock(event: KeyboardEvent<HTMLInputElement>) {
    const on = capsLockFrom(event);
    if (on !== null) setCapsLock(on);
  }

  return (
    <Paper maw={460} mx="auto" p="xl" withBorder shadow="sm">
      <form ref={formRef} onSubmit={submit} noValidate data-testid="login-form">
        <Stack>
          <Title order={1}>{t('login.title')}</Title>
          <Text>{t('login.subtitle')}</Text>
          <InsecureNotice />
          <SessionNotices typed={values.username} />
          {failure && (
            <Alert color="red" role="alert" data-testid="login-failure">
              {failure}
            </Alert>
          )}
          <TextInput
            name="username"
            label={labels.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            error={errors.username}
            onChange={(event) => setValues({ ...values, username: event.currentTarget.value })}
          />
          <PasswordInput
            name="password"
            label={labels.password}
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            // Mantine marks only its text inputs invalid for screen readers; the password input too.
            aria-invalid={errors.password ? true : undefined}
            description={capsLock ? t('login.caps_lock') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onKeyDown={watchCapsLock}
            onKeyUp={watchCapsLock}
            onBlur={() => setCapsLock(false)}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to="/" ta="center">
            {t('login.back_home')}
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
