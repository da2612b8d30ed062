import { Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../api/errors';
import { createEndpoint, type WebhookEndpoint } from '../../api/webhooks';
import { type WebhookEvent, webhookEvents } from '../../domain/webhook-events';
import { notifyApiError } from '../../ui/notices';

/** A new endpoint of the account: its address, the events it wants, a note. Answers the endpoint made. */
export function EndpointForm({
  account,
  onCreated,
}: {
  account: string;
  onCreated: (made: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation('webhooks');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const made = await createEndpoint({ account, url: url.trim(), events, description });
      setErrors({});
      setUrl('');
      setEvents([]);
      setDescription('');
      onCreated(made);
    } catch (error) {
      const fields = await fieldErrors(error);
      if (fields) setErrors(fields);
      else await notifyApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="endpoint-form">
      <Stack gap="sm">
        <TextInput
          label={t('form.url')}
          description={t('form.url_hint')}
          placeholder="https://erp.example.com/karbontrack"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={errors.url?.join(' ')}
          required
          name="url"
        />
        <Checkbox.Group
          label={t('form.events')}
          value={events}
          onChange={(value) => setEvents(value as WebhookEvent[])}
          error={errors.events?.join(' ')}
          required
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" mt="xs">
            {webhookEvents.map((name) => (
              <Checkbox key={name} value={name} label={t(`events.${name}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Textarea
          label={t('form.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description?.join(' ')}
          autosize
          minRows={1}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="endpoint-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
