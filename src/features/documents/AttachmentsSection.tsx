import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttachmentParentRef } from '../../api/attachments';
import { AttachmentsTable } from './AttachmentsTable';

/** The attachments section of a record's page (the project page's documents). */
function AttachmentsSection({
  parent,
  testId = 'section-documents',
}: {
  parent: AttachmentParentRef;
  testId?: string;
}) {
  const { t } = useTranslation('documents');
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {t('title')}
      </Title>
      <AttachmentsTable parent={parent} />
    </Paper>
  );
}

/** The project page's slot (lazy-loaded default export). */
export default function ProjectDocumentsSection({ projectId }: { projectId: string }) {
  return <AttachmentsSection parent={{ resource: 'project', id: projectId }} />;
}
