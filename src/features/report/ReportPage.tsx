import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useRecord } from '../../store/hooks';
import { ContainerForm } from './ContainerForm';

/** /report (new) and /report/:id: the container report form. */
export default function ReportPage() {
  const { t } = useTranslation('containers');
  const { id } = useParams();
  const report = useRecord('container-report', id);
  if (!id) return <ContainerForm key="new" report={null} />;
  if (!report)
    return (
      <Stack>
        <Title order={1} data-testid="page-title">
          {t('title', { number: '' })}
        </Title>
        {report === undefined ? <Loader /> : <Text data-testid="report-missing">{t('missing')}</Text>}
      </Stack>
    );
  return <ContainerForm key={report.id} report={report} />;
}
