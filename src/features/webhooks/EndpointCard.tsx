import { Badge, Button, Card, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteEndpoint, setEndpointActive, type WebhookEndpoint } from '../../api/webhooks';
import { notifyApiError } from '../../ui/notices';
import { Deliveries } from './Deliveries';

interface Props {
  endpoint: WebhookEndpoint;
  onChanged: () => void;
}

/** One endpoint: its address and events, pause or resume, delete, and its deliveries on demand. */
export function EndpointCard({ endpoint, onChanged }: Props) {
  const { t } = useTranslation('webhooks');
  const [open, setOpen] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      onChanged();
    } catch (error) {
      await notifyApiError(error);
    }
  };
  return (
    <Card withBorder data-testid="endpoint-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.active ? 'green' : 'gray'} variant="light">
            {t(endpoint.active ? 'endpoint.active' : 'endpoint.paused')}
          </Badge>
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <Text size="sm" c="dimmed">
          {endpoint.events.map((name) => t(`events.${name}`)).join(' · ')}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-md"
            variant="default"
            onClick={() => setOpen(!open)}
            data-testid="show-deliveries"
          >
            {t(open ? 'endpoint.hide_deliveries' : 'endpoint.show_deliveries')}
          </Button>
          <Button
            size="compact-md"
            variant="default"
            onClick={() => void run(() => setEndpointActive(endpoint.id, !endpoint.active))}
          >
            {t(endpoint.active ? 'endpoint.pause' : 'endpoint.resume')}
          </Button>
          <Button
            size="compact-md"
            variant="subtle"
            color="red"
            onClick={() => void run(() => deleteEndpoint(endpoint.id))}
          >
            {t('endpoint.delete')}
          </Button>
        </Group>
        {open && <Deliveries endpoint={endpoint.id} />}
      </Stack>
    </Card>
  );
}

/** The secret of an endpoint just made, shown once with a copy button. */
export function SecretNotice({ secret }: { secret: string }) {
  const { t } = useTranslation('webhooks');
  return (
    <Card withBorder bg="var(--mantine-color-yellow-light)" data-testid="endpoint-secret">
      <Stack gap="xs">
        <Text fw={600}>{t('secret.title')}</Text>
        <Text size="sm">{t('secret.hint')}</Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="compact-md" variant="default" onClick={copy}>
              {t(copied ? 'secret.copied' : 'secret.copy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Card>
  );
}
