import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeUser, createUser, type Invite, type NewUser } from '../../../api/admin';
import type { RowOfResource } from '../../../store/schema';
import { notifyUpdated } from '../../../ui/notices';
import { bannerOf, useOnlineAction } from '../ui/online';
import { ShownOnce } from '../ui/ShownOnce';
import { PasswordChoice, type PasswordWay } from './PasswordChoice';

const FIELDS = ['username', 'first_name', 'last_name', 'email', 'role', 'password'] as const;

/** Create a user (a first password, or a one-time link shown once) or edit one's names, e-mail and role. */
export function UserModal({ user, onClose }: { user: RowOfResource<'users'> | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const editing = user !== null;
  const [values, setValues] = useState<NewUser>({
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    role: user?.role === 'admin' ? 'admin' : 'staff',
    password: '',
  });
  const [how, setHow] = useState<PasswordWay>('password');
  const [invite, setInvite] = useState<Invite | null>(null);
  const { errors, setErrors, busy, run } = useOnlineAction();
  const set = (field: keyof NewUser, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: [] }));
  };
  const error = (field: string) => errors[field]?.join(' ') || undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string[]> = {};
    if (!editing && !values.username.trim())
      missing.username = [t('users.required', { field: t('users.username') })];
    if (!editing && how === 'password' && !values.password)
      missing.password = [t('users.required', { field: t('users.password') })];
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    if (editing) {
      const { username: _u, password: _p, ...changes } = values;
      const done = await run(() => changeUser(user.id, changes));
      if (done) {
        notifyUpdated();
        onClose();
      }
      return;
    }
    const body = {
      ...values,
      username: values.username.trim(),
      password: how === 'password' ? values.password : undefined,
    };
    const made = await run(() => createUser(body));
    if (!made) return;
    notifyUpdated();
    if (made.invite) setInvite(made.invite);
    else onClose();
  }

  const banner = bannerOf(errors, FIELDS);
  return (
    <Modal opened onClose={onClose} title={t(editing ? 'users.edit' : 'users.new')} size="lg" centered>
      {invite ? (
        <ShownOnce label={t('users.invite_link')} value={invite.url} testId="invite-link" onDone={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            {banner && (
              <Alert color="red" data-testid="form-errors">
                {banner}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('users.username')}
                name="username"
                value={values.username}
                disabled={editing}
                error={error('username')}
                onChange={(e) => set('username', e.currentTarget.value)}
                autoComplete="off"
              />
              <Select
                label={t('users.role')}
                name="role"
                data={[
                  { value: 'staff', label: t('roles.staff') },
                  { value: 'admin', label: t('roles.admin') },
                ]}
                value={values.role}
                allowDeselect={false}
                error={error('role')}
                onChange={(value) => set('role', value === 'admin' ? 'admin' : 'staff')}
              />
              <TextInput
                label={t('users.first_name')}
                name="first_name"
                value={values.first_name}
                error={error('first_name')}
                onChange={(e) => set('first_name', e.currentTarget.value)}
              />
              <TextInput
                label={t('users.last_name')}
                name="last_name"
                value={values.last_name}
                error={error('last_name')}
                onChange={(e) => set('last_name', e.currentTarget.value)}
              />
              <TextInput
                label={t('users.email')}
                name="email"
                type="email"
                value={values.email}
                error={error('email')}
                onChange={(e) => set('email', e.currentTarget.value)}
              />
            </SimpleGrid>
            {!editing && (
              <PasswordChoice
                how={how}
                onHow={setHow}
                first="password"
                passwordChoice={t('users.first_password')}
                password={values.password ?? ''}
                onPassword={(value) => set('password', value)}
                error={errors.password}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t(editing ? 'save' : 'users.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
