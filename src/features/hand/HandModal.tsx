import { useTranslation } from 'react-i18next';
import type { Values } from '../../ui/form';
import { RecordModal } from '../../ui/RecordModal';
import { HAND_FIELDS } from './fields';

interface HandModalProps {
  /** The Working shift event the hand works under. */
  eventId: string;
  hand: Values | null;
  opened: boolean;
  onClose: () => void;
}

/** The hand modal: every field of the spec, numbers as numbers. */
export function HandModal({ eventId, hand, opened, onClose }: HandModalProps) {
  const { t } = useTranslation('hand');
  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      resource="hand"
      ns="hand"
      title={hand ? t('edit') : t('new')}
      record={hand ?? {}}
      fixed={{ event: eventId }}
      fields={HAND_FIELDS}
      testId="hand-modal"
    />
  );
}
