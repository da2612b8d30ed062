// A record's documents for these screens, through the shared documents section (src/features/documents):
// the row action opening them in a modal, and the table itself for a form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentParentRef } from '../../api/attachments';
import { type AttachmentParent, attachmentParents } from '../../domain/attachment';
import { IconFile } from '../../ui/icons';
import { RowAction } from '../../ui/RowActions';
import { AttachmentsTable, DocumentsModal } from '../documents';

/** Whether the server takes attachments for this resource. */
export function carriesDocuments(resource: string): resource is AttachmentParent {
  return (attachmentParents as readonly string[]).includes(resource);
}

export function DocumentsList({ parent }: { parent: AttachmentParentRef }) {
  return <AttachmentsTable parent={parent} />;
}

/** The row action 'documents': the record's documents in a modal. */
export function DocumentsButton({ parent, title }: { parent: AttachmentParentRef; title: string }) {
  const { t } = useTranslation('reports');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <RowAction label={t('documents')} icon={<IconFile size={20} />} onClick={() => setOpened(true)} />
      <DocumentsModal parent={parent} opened={opened} onClose={() => setOpened(false)} label={title} />
    </>
  );
}
