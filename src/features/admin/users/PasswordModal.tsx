import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Invite, resetPassword } from '../../../api/admin';
import { notifySuccess } from '../../../ui/notices';
import { bannerOf, useOnlineAction } from '../ui/online';
import { ShownOnce } from '../ui/ShownOnce';
import { PasswordChoice, type PasswordWay } from './PasswordChoice';

/** An admin sets a user's password (their sessions end) or gives them a new one-time link. */
export function PasswordModal({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [how, setHow] = useState<PasswordWay>('link');
  const [password, setPassword] = useState('');
  const [invite, setInvite] = useState<Invite | null>(null);
  const { errors, setErrors, busy, run } = useOnlineAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (how === 'password' && !password) {
      setErrors({ password: [t('users.required', { field: t('users.password') })] });
      return;
    }
    const done = await run(() => resetPassword(userId, how === 'password' ? password : undefined));
    if (!done) return;
    if (done.invite) setInvite(done.invite);
    else {
      notifySuccess(t('users.password_set', { name }));
      onClose();
    }
  }

  const banner = bannerOf(errors, ['password']);
  return (
    <Modal opened onClose={onClose} title={t('users.password_title', { name })} centered>
      {invite ? (
        <ShownOnce label={t('users.invite_link')} value={invite.url} testId="invite-link" onDone={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            {banner && <Alert color="red">{banner}</Alert>}
            <PasswordChoice
              how={how}
              onHow={setHow}
              first="link"
              passwordChoice={t('users.new_password')}
              password={password}
              onPassword={setPassword}
              error={errors.password}
            />
            {how === 'password' && <Alert color="gray">{t('users.sessions_end')}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t(how === 'password' ? 'users.set_password' : 'users.make_link')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
