import { Alert, Anchor, Button, Code, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiToken, createToken, listTokens, revokeToken } from '../../../api/admin';
import { isOnline } from '../../../api/http';
import { formatDateTime } from '../../../ui/format';
import { notifyApiError, notifyDeleted } from '../../../ui/notices';
import { SearchSelect } from '../../../ui/SearchSelect';
import { EntryCard } from '../ui/EntryCard';
import { bannerOf, useOnlineAction } from '../ui/online';
import { ShownOnce } from '../ui/ShownOnce';

type Tokens =
  | { state: 'none' }
  | { state: 'offline' }
  | { state: 'loading' }
  | { state: 'ready'; rows: ApiToken[] };

/**
 * Customer API access (admins): per customer account, read-only tokens for its ERP (made here, shown
 * once), when each was last used, revoking one; and how to call the API with it.
 */
export default function ApiAccessPage() {
  const { t } = useTranslation('admin');
  const [account, setAccount] = useState<string | null>(null);
  const [tokens, setTokens] = useState<Tokens>({ state: 'none' });
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const load = useCallback(async (id: string | null) => {
    if (!id) return setTokens({ state: 'none' });
    if (!isOnline()) return setTokens({ state: 'offline' });
    setTokens({ state: 'loading' });
    try {
      setTokens({ state: 'ready', rows: (await listTokens(id)).results });
    } catch (error) {
      await notifyApiError(error);
      setTokens({ state: 'none' });
    }
  }, []);
  useEffect(() => {
    void load(account);
  }, [account, load]);

  const example = `curl -H "Authorization: Token ${made ?? '<token>'}" ${window.location.origin}/api/project/?page_size=10`;
  return (
    <Stack gap="md">
      <Title order={2}>{t('pages.api_access')}</Title>
      <Text>{t('access.intro')}</Text>
      <SearchSelect
        resource="accounts"
        label={t('access.account')}
        name="account"
        value={account}
        onChange={setAccount}
      />
      {tokens.state === 'offline' && <Alert color="gray">{t('needs_connection')}</Alert>}
      {account && tokens.state !== 'offline' && (
        <NewToken
          account={account}
          onMade={(token) => {
            setMade(token);
            void load(account);
          }}
        />
      )}
      {made && <ShownOnce label={t('access.token')} value={made} testId="api-token" />}
      {tokens.state === 'ready' && tokens.rows.length === 0 && <Text c="dimmed">{t('access.none')}</Text>}
      {tokens.state === 'ready' && (
        <Stack gap="xs" data-testid="token-list">
          {tokens.rows.map((token) => (
            <EntryCard
              key={token.id}
              title={token.name}
              details={[
                t('access.created', { when: formatDateTime(token.created_at) }),
                t('access.last_used', { when: formatDateTime(token.last_used_at) }),
              ]}
              actions={
                <Button variant="light" color="red" onClick={() => setRevoking(token)}>
                  {t('access.revoke')}
                </Button>
              }
            />
          ))}
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={3}>{t('access.example')}</Title>
        <Text size="sm">{t('access.example_text')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="api-example">
          {example}
        </Code>
        <Group gap="md" wrap="wrap">
          <Anchor href="/api/docs/" target="_blank">
            {t('access.docs')}
          </Anchor>
          <Anchor href="/api/openapi.json" target="_blank">
            {t('access.openapi')}
          </Anchor>
        </Group>
      </Stack>
      {revoking && account && (
        <RevokeModal
          account={account}
          token={revoking}
          onClose={(done) => {
            setRevoking(null);
            if (done) void load(account);
          }}
        />
      )}
    </Stack>
  );
}

function NewToken({ account, onMade }: { account: string; onMade: (token: string) => void }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const { errors, setErrors, busy, run } = useOnlineAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: [t('users.required', { field: t('access.name') })] });
      return;
    }
    const made = await run(() => createToken(account, name.trim()));
    if (made) {
      setName('');
      onMade(made.token);
    }
  }
  const banner = bannerOf(errors, ['name']);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        {banner && <Alert color="red">{banner}</Alert>}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('access.name')}
            name="token_name"
            placeholder={t('access.name_hint')}
            value={name}
            error={errors.name?.join(' ')}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" loading={busy}>
            {t('access.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RevokeModal(props: { account: string; token: ApiToken; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('admin');
  const { errors, busy, run } = useOnlineAction();
  async function revoke() {
    if ((await run(() => revokeToken(props.account, props.token.id).then(() => true))) === true) {
      notifyDeleted();
      props.onClose(true);
    }
  }
  const banner = bannerOf(errors, []);
  return (
    <Modal
      opened
      onClose={() => props.onClose(false)}
      title={t('access.revoke_title', { name: props.token.name })}
      centered
    >
      <Stack>
        {banner && <Alert color="red">{banner}</Alert>}
        <Text>{t('access.revoke_text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => props.onClose(false)}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void revoke()}>
            {t('access.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
