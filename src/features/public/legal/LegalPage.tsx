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

/** The router numbers its history entries from 0 (history.state.idx): above 0, one of ours comes before. */
function hasAppPageBefore(): boolean {
  const state: unknown = window.history.state;
  if (!state || typeof state !== 'object' || !('idx' in state)) return false;
  return typeof state.idx === 'number' && state.idx > 0;
}

/** A legal text in the current language, with a back button returning to the previous page. */
export function LegalPage({ titleKey, group, sections }: Props) {
  const { t } = useTranslation(['legal', 'common']);
  const navigate = useNavigate();
  // Back within the app when this page was reached from one of its pages; opened directly (a new tab, a
  // link from another site or a mail) there is nothing of ours to return to, so the product page instead.
  const back = () => (hasAppPageBefore() ? navigate(-1) : navigate('/'));

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
