// What the signers read before signing: the call, the events with their local times, the daily
// totals and the remarks, from the content they sign.
import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelLanguage } from '../../domain/reference/label';
import { nameIn, type SofContent } from '../../domain/sof/content';
import { formatDateTime, formatTime } from '../../ui/format';
import { totalsShown } from './totals';

export function SofPreview({ content }: { content: SofContent }) {
  const { t, i18n } = useTranslation('reports');
  const language = labelLanguage(i18n.language);
  const zone = content.time_zone;
  const call = [
    nameIn(content.vessel, language),
    content.project.voyage,
    [nameIn(content.port, language), content.project.berth].filter(Boolean).join(' · '),
  ]
    .filter(Boolean)
    .join(' — ');
  const { totals } = content;
  return (
    <Stack gap={6} data-testid="sof-preview">
      <Text fw={600}>{call || content.project.name}</Text>
      <Text size="sm" c="dimmed">
        {t('signing.local_time', { zone })}
      </Text>
      <ScrollArea.Autosize mah={240} type="auto">
        <Table striped verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('signing.when')}</Table.Th>
              <Table.Th>{t('signing.until')}</Table.Th>
              <Table.Th>{t('signing.event')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content.events.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>{formatDateTime(event.at, zone)}</Table.Td>
                <Table.Td>{event.end ? formatTime(event.end, zone) : ''}</Table.Td>
                <Table.Td>
                  {nameIn(event.type, language)}
                  {event.notes ? ` — ${event.notes}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Text size="sm">{t('signing.totals', totalsShown(totals, i18n.language))}</Text>
      {content.remarks && (
        <Text size="sm">
          {t('signing.remarks')}: {content.remarks}
        </Text>
      )}
    </Stack>
  );
}
