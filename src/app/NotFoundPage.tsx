import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md" data-testid="not-found">
      <Title order={1}>{t('not_found.title')}</Title>
      <Text size="lg">{t('not_found.text')}</Text>
      <Button component={Link} to="/">
        {t('not_found.home')}
      </Button>
    </Stack>
  );
}
