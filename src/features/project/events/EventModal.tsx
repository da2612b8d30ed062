import { useTranslation } from 'react-i18next';
import type { Values } from '../../../ui/form';
import { RecordModal } from '../../../ui/RecordModal';

const EVENT_FIELDS = ['event', 'number_gangs', 'init_date', 'end_date', 'notes'] as const;

interface EventModalProps {
  projectId: string;
  /** The event being edited, or null for a new one. */
  event: Values | null;
  opened: boolean;
  onClose: () => void;
}

export function EventModal({ projectId, event, opened, onClose }: EventModalProps) {
  const { t } = useTranslation('project');
  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      resource="project-event"
      ns="project"
      title={event ? t('events.edit') : t('events.new')}
      record={event ?? {}}
      fixed={{ project: projectId }}
      fields={EVENT_FIELDS}
      testId="event-modal"
    />
  );
}
