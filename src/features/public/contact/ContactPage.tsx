import { Anchor, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '../../../ui/icons';
import { Link } from '../../../ui/Link';
import { ContactForm } from './ContactForm';

const FLYER_PATH = '/karbontrack-flyer.pdf';

export default function ContactPage() {
  const { t } = useTranslation('public');
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack>
          <Title order={1}>{t('contact.title')}</Title>
          <Text size="lg">{t('contact.lead')}</Text>
          <ContactForm />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack>
          <Paper withBorder p="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('contact.flyer_title')}
              </Title>
              <Text>{t('contact.flyer_text')}</Text>
              <Button
                component="a"
                href={FLYER_PATH}
                download="karbontrack-flyer.pdf"
                leftSection={<IconDownload size={20} />}
                variant="outline"
                fullWidth
                styles={{ label: { whiteSpace: 'normal' } }}
                data-testid="flyer"
              >
                {t('contact.flyer_download')}
              </Button>
            </Stack>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4">
              {t('contact.links_title')}
            </Title>
            <Stack gap={0} mt="xs" align="flex-start">
              <Anchor component={Link} to="/">
                {t('contact.home')}
              </Anchor>
              <Anchor component={Link} to="/login">
                {t('contact.login')}
              </Anchor>
              <Anchor component={Link} to="/terms-conditions">
                {t('contact.terms_link')}
              </Anchor>
              <Anchor component={Link} to="/privacy-policy">
                {t('contact.privacy_link')}
              </Anchor>
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
