import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A signed-in screen still to be built: its title and a note. Later issues replace each use. */
export function ScreenPlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={1} data-testid="page-title">
        {title}
      </Title>
      <Text c="dimmed">{t('placeholder')}</Text>
    </Stack>
  );
}
