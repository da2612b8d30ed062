import { Accordion, SimpleGrid, Stack } from '@mantine/core';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { makeContainerReport } from '../../api/reports';
import { save } from '../../store/active';
import type { RowOfResource } from '../../store/schema';
import { useRecordForm } from '../../ui/form';
import { HistoryButton } from '../../ui/history/HistoryButton';
import { listPlace } from '../../ui/listPlace';
import { notifyUpdated } from '../../ui/notices';
import { RecordField } from '../../ui/RecordField';
import { RecordFormFrame } from '../../ui/RecordFormFrame';
import { RecordHeader } from '../../ui/record/RecordHeader';
import { RecordSyncMark } from '../../ui/SyncMark';
import { useSession } from '../auth';
import { GenerateButton, useGenerate } from '../project-reports';
import { ContainerNumberField } from './ContainerNumberField';
import { ContainerPhotos } from './ContainerPhotos';
import { ContainerSignature } from './ContainerSignature';
import { CONTAINER_FIELDS, CONTAINER_SECTIONS } from './sections';

/** The container report form: General data open, External, Internal, Stowage; Attachments once saved. */
export function ContainerForm({ report }: { report: RowOfResource<'container-report'> | null }) {
  const { t } = useTranslation(['containers', 'ui', 'reports']);
  const navigate = useNavigate();
  const userId = useSession((state) => state.user?.id ?? null);
  const form = useRecordForm(report ?? { manager: userId, date: format(new Date(), 'yyyy-MM-dd') }, {
    draft: `container-report:${report?.id ?? 'new'}`,
  });
  const generation = useGenerate();
  const id = report?.id ?? null;
  const number = report?.container_number ?? '';

  async function submit() {
    const result = await form.submit((values) => save('container-report', values));
    if (!result) return;
    notifyUpdated();
    if (!id) navigate(`/report/${result.id}`, { replace: true });
  }

  return (
    <Stack gap="md">
      <RecordHeader
        title={id ? t('title', { number }) : t('new_title')}
        marks={id && <RecordSyncMark resource="container-report" id={id} />}
        actions={
          id && (
            <>
              <HistoryButton resource="container-report" id={id} title={t('title', { number })} />
              <GenerateButton
                generation={generation}
                name={id}
                run={(options) => makeContainerReport(id, options)}
                label={t('download_pdf')}
                testId="download-pdf"
              />
            </>
          )
        }
        save={{ onSave: () => void submit(), busy: form.busy }}
        close={listPlace('/reports')}
      />
      <RecordFormFrame
        form={form}
        resource="container-report"
        fields={CONTAINER_FIELDS}
        onSubmit={() => void submit()}
      >
        <Accordion multiple defaultValue={['general']} variant="separated">
          {CONTAINER_SECTIONS.map((section) => (
            <Accordion.Item key={section.key} value={section.key}>
              <Accordion.Control>{t(`sections.${section.key}`)}</Accordion.Control>
              <Accordion.Panel>
                {section.key === 'signature' ? (
                  <ContainerSignature form={form} />
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    {section.fields.map((name) =>
                      name === 'container_number' ? (
                        <ContainerNumberField key={name} form={form} />
                      ) : (
                        <RecordField
                          key={name}
                          resource="container-report"
                          name={name}
                          form={form}
                          ns="containers"
                        />
                      ),
                    )}
                  </SimpleGrid>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
          {id && (
            <Accordion.Item value="attachments">
              <Accordion.Control>{t('sections.attachments')}</Accordion.Control>
              <Accordion.Panel>
                <ContainerPhotos reportId={id} />
              </Accordion.Panel>
            </Accordion.Item>
          )}
        </Accordion>
      </RecordFormFrame>
    </Stack>
  );
}
