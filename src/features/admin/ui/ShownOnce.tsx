import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server gives once (a one-time link, an API token): shown in full with a copy button and
 * the warning that it will not be shown again; `onDone`, a button that closes what showed it.
 */
export function ShownOnce({
  label,
  value,
  testId,
  onDone,
}: {
  label: string;
  value: string;
  testId?: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs">
      <Alert color="yellow">{t('shown_once')}</Alert>
      <TextInput
        label={label}
        value={value}
        readOnly
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Group justify="flex-end">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
        {onDone && <Button onClick={onDone}>{t('done')}</Button>}
      </Group>
      <Text size="sm" c="dimmed">
        {t('shown_once_hint')}
      </Text>
    </Stack>
  );
}
