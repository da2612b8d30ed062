import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttachmentParentRef } from '../../api/attachments';
import { AttachmentsTable } from './AttachmentsTable';

interface Props {
  parent: AttachmentParentRef | null;
  opened: boolean;
  onClose: () => void;
  /** What the documents belong to, for the title ("Documents of ..."). */
  label?: string;
}

/** The documents of any record in a modal (an incidence's, a container report's, a report's). */
export function DocumentsModal({ parent, opened, onClose, label }: Props) {
  const { t } = useTranslation('documents');
  return (
    <Modal
      opened={opened && parent !== null}
      onClose={onClose}
      size="xl"
      title={label ? t('title_of', { label }) : t('title')}
      data-testid="documents-modal"
    >
      {parent && <AttachmentsTable parent={parent} />}
    </Modal>
  );
}
