import { Accordion, Paper, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REPORT_KINDS } from './kinds';
import { ReportList } from './ReportList';

/** The project's reports accordion: tabs coil_report, sof_report and prompter_report. */
export default function ReportsSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation('reports');
  return (
    <Paper withBorder data-testid="section-reports">
      <Accordion chevronPosition="left">
        <Accordion.Item value="reports">
          <Accordion.Control>{t('title')}</Accordion.Control>
          <Accordion.Panel>
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
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Paper>
  );
}
