import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';

const FEATURES = ['projects', 'tally', 'offline', 'reports', 'api', 'languages'] as const;

/** The product page for port operators and stevedores. */
export default function LandingPage() {
  const { t } = useTranslation('public');
  return (
    <Stack gap={48}>
      <Stack gap="lg" maw={820}>
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          {t('landing.title')}
        </Title>
        <Text size="xl">{t('landing.lead')}</Text>
        <Group>
          <Button component={Link} to="/contact" data-testid="cta-contact">
            {t('landing.cta_contact')}
          </Button>
          <Button component={Link} to="/login" variant="outline">
            {t('landing.cta_login')}
          </Button>
        </Group>
      </Stack>
      <Stack gap="lg">
        <Title order={2}>{t('landing.features_title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl">
          {FEATURES.map((feature) => (
            <Stack key={feature} gap="xs">
              <Title order={3} size="h4">
                {t(`landing.f_${feature}_title`)}
              </Title>
              <Text>{t(`landing.f_${feature}_text`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" maw={820}>
        <Title order={2}>{t('landing.closing_title')}</Title>
        <Text size="lg">{t('landing.closing_text')}</Text>
        <Button component={Link} to="/contact" style={{ alignSelf: 'flex-start' }}>
          {t('landing.cta_contact')}
        </Button>
      </Stack>
    </Stack>
  );
}
