import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { answerInstallHint, type InstallOffer } from './install';

/** "Install Karbontrack on this tablet": the browser's install dialog, or not now (never asked again). */
export default function InstallNotice({ offer }: { offer: InstallOffer }) {
  const { t } = useTranslation();
  const install = async () => {
    await offer.prompt();
    const choice = await offer.userChoice;
    answerInstallHint(choice?.outcome === 'dismissed' ? 'later' : 'installed');
  };
  return (
    <Alert color="blue" variant="light" mb="md" data-testid="install-hint" title={t('install.title')}>
      <Text size="sm" mb="sm">
        {t('install.text')}
      </Text>
      <Group gap="sm">
        <Button size="md" onClick={() => void install()} data-testid="install-accept">
          {t('install.install')}
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={() => answerInstallHint('later')}
          data-testid="install-later"
        >
          {t('install.later')}
        </Button>
      </Group>
    </Alert>
  );
}
