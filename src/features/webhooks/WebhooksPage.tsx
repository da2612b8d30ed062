import { Alert, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline } from '../../api/http';
import { listEndpoints, type WebhookEndpoint } from '../../api/webhooks';
import { notifyApiError } from '../../ui/notices';
import { SearchSelect } from '../../ui/SearchSelect';
import { useSession } from '../auth';
import { EndpointCard, SecretNotice } from './EndpointCard';
import { EndpointForm } from './EndpointForm';

/**
 * Webhooks (admins): a customer account's endpoints, the events each wants, their deliveries and
 * replays. An office screen read from the server each time (it needs a connection), as Devices is.
 */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const admin = useSession((state) => state.user?.role === 'admin');
  const [account, setAccount] = useState<string | null>(null);
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [online, setOnline] = useState(isOnline());

  const load = useCallback(async () => {
    if (!account || !isOnline()) return;
    try {
      setEndpoints((await listEndpoints(account)).results);
    } catch (error) {
      await notifyApiError(error);
    }
  }, [account]);

  useEffect(() => {
    setEndpoints(null);
    setSecret(null);
    void load();
  }, [load]);

  useEffect(() => {
    const update = () => setOnline(isOnline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      {!admin && <Alert color="red">{t('admins_only')}</Alert>}
      {!online && (
        <Alert color="gray" data-testid="webhooks-offline">
          {t('offline')}
        </Alert>
      )}
      <SearchSelect
        resource="accounts"
        label={t('account')}
        value={account}
        onChange={setAccount}
        name="account"
      />
      {account && endpoints !== null && (
        <>
          <Title order={2} size="h3">
            {t('endpoints')}
          </Title>
          {endpoints.length === 0 && <Text c="dimmed">{t('none')}</Text>}
          {endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onChanged={() => void load()} />
          ))}
          {secret && <SecretNotice secret={secret} />}
          <Title order={2} size="h3">
            {t('new_endpoint')}
          </Title>
          <EndpointForm
            account={account}
            onCreated={(made) => {
              setSecret(made.secret ?? null);
              void load();
            }}
          />
        </>
      )}
    </Stack>
  );
}
