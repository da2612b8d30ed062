import { Paper, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REPORT_KINDS } from './kinds';
import { ReportList } from './ReportList';

/** The project's reports: tabs coil_report, sof_report and prompter_report. */
export default function ReportsSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation('reports');
  return (
    <Paper withBorder p="md" data-testid="section-reports">
      <Title order={2} size="h3" mb="sm">
        {t('title')}
      </Title>
      <Tabs defaultValue="coil_report" keepMounted={false}>
        <Tabs.List>
          {REPORT_KINDS.map((kind) => (
            <Tabs.Tab key={kind.tab} value={kind.tab}>
              {t(`tabs.${kind.tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_KINDS.map((kind) => (
          <Tabs.Panel key={kind.tab} value={kind.tab}>
            <ReportList kind={kind} projectId={projectId} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
