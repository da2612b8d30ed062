import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

interface Props {
  /** legal_advice or privacy_policy: the page's title label. */
  titleKey: 'legal_advice' | 'privacy_policy';
  /** The section group in legal.json and its section ids, in order. */
  group: 'terms' | 'privacy';
  sections: readonly string[];
}

/** A legal text in the current language, with a back button returning to the previous page. */
export function LegalPage({ titleKey, group, sections }: Props) {
  const { t } = useTranslation(['legal', 'common']);
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));

  return (
    <Stack gap="lg" maw={820}>
      <Button variant="default" onClick={back} style={{ alignSelf: 'flex-start' }} data-testid="back">
        {t('common:back')}
      </Button>
      <Title order={1}>{t(titleKey)}</Title>
      <Text c="dimmed">{t('updated')}</Text>
      {sections.map((section) => (
        <section key={section}>
          <Title order={2} size="h3" mb="xs">
            {t(`${group}.${section}_title`)}
          </Title>
          <Text size="lg">{t(`${group}.${section}_body`)}</Text>
        </section>
      ))}
    </Stack>
  );
}
