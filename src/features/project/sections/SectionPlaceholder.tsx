import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a section shows until its issue fills it (packing list, gallery, documents...). */
export function SectionPlaceholder({ section }: { section: string }) {
  const { t } = useTranslation(['project', 'common']);
  return (
    <Paper withBorder p="md" data-testid={`section-${section}`}>
      <Title order={2} size="h4">
        {t(`sections.${section}`)}
      </Title>
      <Text c="dimmed" size="sm">
        {t('common:placeholder')}
      </Text>
    </Paper>
  );
}
