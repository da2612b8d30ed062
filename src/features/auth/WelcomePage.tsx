import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { acceptInvite, type InviteOwner, inviteOwner } from '../../api/admin';
import { fieldErrors } from '../../api/errors';
import { isOnline } from '../../api/http';
import { Link } from '../../ui/Link';
import { NewPasswordInput } from '../../ui/NewPasswordInput';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'offline' }
  | { kind: 'ready'; owner: InviteOwner }
  | { kind: 'done' };

/** The page of a one-time link an admin gave: whose it is, and a password to set, once. */
export default function WelcomePage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOnline()) {
      setState({ kind: 'offline' });
      return;
    }
    inviteOwner(token).then(
      (owner) => setState({ kind: 'ready', owner }),
      () => setState({ kind: 'invalid' }),
    );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    if (!password) found.password = [t('common:validation.empty', { field: t('welcome.password') })];
    else if (password !== again) found.again = [t('welcome.mismatch')];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!isOnline()) {
      setErrors({ non_field_errors: [t('welcome.needs_connection')] });
      return;
    }
    setBusy(true);
    try {
      await acceptInvite(token, password);
      setState({ kind: 'done' });
    } catch (error) {
      const fields = await fieldErrors(error);
      if (fields) setErrors(fields);
      else setState({ kind: 'invalid' });
    } finally {
      setBusy(false);
    }
  }

  const name =
    state.kind === 'ready'
      ? [state.owner.first_name, state.owner.last_name].join(' ').trim() || state.owner.username
      : '';
  return (
    <Paper maw={460} mx="auto" p="xl" withBorder shadow="sm">
      <Stack>
        <Title order={1}>{t('welcome.title')}</Title>
        {state.kind === 'loading' && <Text c="dimmed">{t('common:loading')}</Text>}
        {state.kind === 'offline' && <Alert color="gray">{t('welcome.needs_connection')}</Alert>}
        {state.kind === 'invalid' && <Alert color="red">{t('welcome.invalid')}</Alert>}
        {state.kind === 'done' && (
          <>
            <Alert color="teal">{t('welcome.done')}</Alert>
            <Anchor component={Link} to="/login">
              {t('welcome.sign_in')}
            </Anchor>
          </>
        )}
        {state.kind === 'ready' && (
          <form onSubmit={(event) => void submit(event)} noValidate data-testid="welcome-form">
            <Stack>
              <Text>{t('welcome.hello', { name, username: state.owner.username })}</Text>
              {errors.non_field_errors && <Alert color="red">{errors.non_field_errors.join(' ')}</Alert>}
              <NewPasswordInput
                label={t('welcome.password')}
                name="password"
                value={password}
                error={errors.password}
                onChange={setPassword}
              />
              <NewPasswordInput
                label={t('welcome.again')}
                name="again"
                value={again}
                error={errors.again}
                onChange={setAgain}
              />
              <Button type="submit" loading={busy}>
                {t('welcome.save')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
