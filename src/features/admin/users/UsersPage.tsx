import { Alert, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeUser } from '../../../api/admin';
import { lookupLabel } from '../../../domain/reference/label';
import { useList } from '../../../store/hooks';
import type { RowOfResource } from '../../../store/schema';
import { HistoryButton } from '../../../ui/history/HistoryButton';
import { notifyUpdated } from '../../../ui/notices';
import { useSession } from '../../auth';
import { EntryCard } from '../ui/EntryCard';
import { EntryList } from '../ui/EntryList';
import { ListFilters } from '../ui/ListFilters';
import { bannerOf, useOnlineAction } from '../ui/online';
import { useListPage } from '../ui/useListPage';
import { PasswordModal } from './PasswordModal';
import { UserModal } from './UserModal';

type User = RowOfResource<'users'>;
type Shown = 'active' | 'inactive' | 'all';
type Open = { kind: 'new' } | { kind: 'edit' | 'password' | 'status'; user: User } | null;

const byName = (a: User, b: User) =>
  lookupLabel('users', a, 'en').localeCompare(lookupLabel('users', b, 'en'));

/** Users (admins): who may sign in, with which role; deactivated ones stay as names on their records. */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const rows = useList('users');
  const me = useSession((state) => state.user?.id);
  const [shown, setShown] = useState<Shown>('active');
  const [open, setOpen] = useState<Open>(null);
  const keep = useCallback(
    (row: User) => shown === 'all' || (row.is_active !== false) === (shown === 'active'),
    [shown],
  );
  const words = useCallback((row: User) => `${lookupLabel('users', row, 'en')} ${row.email ?? ''}`, []);
  const sorted = useMemo(() => (rows ? [...rows].sort(byName) : undefined), [rows]);
  const list = useListPage(sorted, words, keep);
  const close = () => setOpen(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('pages.users')}</Title>
        <Button onClick={() => setOpen({ kind: 'new' })}>{t('users.new')}</Button>
      </Group>
      <ListFilters
        search={list.search}
        onSearch={list.setSearch}
        shown={shown}
        onShown={setShown}
        choices={[
          { value: 'active', label: t('users.active') },
          { value: 'inactive', label: t('users.inactive') },
          { value: 'all', label: t('all') },
        ]}
      />
      <EntryList list={list} testId="users-list" pagerName="users-pager">
        {(user) => (
          <EntryCard
            key={user.id}
            testId={`user-${user.username}`}
            title={lookupLabel('users', user, 'en')}
            details={[user.email ?? '']}
            badges={
              <>
                <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'blue'}>
                  {t(`roles.${user.role === 'admin' ? 'admin' : 'staff'}`)}
                </Badge>
                {user.is_active === false && (
                  <Badge variant="light" color="gray">
                    {t('users.deactivated')}
                  </Badge>
                )}
              </>
            }
            actions={
              <>
                <Button variant="default" onClick={() => setOpen({ kind: 'edit', user })}>
                  {t('edit')}
                </Button>
                <Button variant="default" onClick={() => setOpen({ kind: 'password', user })}>
                  {t('users.password')}
                </Button>
                <Button
                  variant="light"
                  color={user.is_active === false ? 'teal' : 'red'}
                  disabled={user.id === me}
                  onClick={() => setOpen({ kind: 'status', user })}
                >
                  {t(user.is_active === false ? 'users.reactivate' : 'users.deactivate')}
                </Button>
                <HistoryButton resource="users" id={user.id} title={lookupLabel('users', user, 'en')} />
              </>
            }
          />
        )}
      </EntryList>
      {open?.kind === 'new' && <UserModal user={null} onClose={close} />}
      {open?.kind === 'edit' && <UserModal user={open.user} onClose={close} />}
      {open?.kind === 'password' && (
        <PasswordModal userId={open.user.id} name={lookupLabel('users', open.user, 'en')} onClose={close} />
      )}
      {open?.kind === 'status' && <StatusModal user={open.user} onClose={close} />}
    </Stack>
  );
}

/** Deactivate (their sessions end at once; their name stays) or reactivate, after saying what it does. */
function StatusModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { errors, busy, run } = useOnlineAction();
  const activate = user.is_active === false;
  const name = lookupLabel('users', user, 'en');
  async function confirm() {
    if (await run(() => changeUser(user.id, { is_active: activate }))) {
      notifyUpdated();
      onClose();
    }
  }
  const banner = bannerOf(errors, []);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(activate ? 'users.reactivate_title' : 'users.deactivate_title', { name })}
      centered
    >
      <Stack>
        {banner && <Alert color="red">{banner}</Alert>}
        <Text>{t(activate ? 'users.reactivate_text' : 'users.deactivate_text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color={activate ? 'teal' : 'red'} loading={busy} onClick={() => void confirm()}>
            {t(activate ? 'users.reactivate' : 'users.deactivate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
