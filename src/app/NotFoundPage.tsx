import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth';
import { Link } from '../ui/Link';

/** Signed in, the way back leads to the projects; otherwise to the start page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const authenticated = useSession((state) => state.authenticated);
  return (
    <Stack align="flex-start" gap="md" data-testid="not-found">
      <Title order={1}>{t('not_found.title')}</Title>
      <Text size="lg">{t('not_found.text')}</Text>
      <Button component={Link} to={authenticated ? '/projects' : '/'}>
        {authenticated ? t('not_found.projects') : t('not_found.home')}
      </Button>
    </Stack>
  );
}
