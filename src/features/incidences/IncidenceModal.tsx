import { Divider, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../ui/fieldErrors';
import type { Values } from '../../ui/form';
import { RecordModal } from '../../ui/RecordModal';
import { UsersField } from '../../ui/UsersField';
import { DocumentsList } from '../project-reports';

const INCIDENCE_FIELDS = [
  'type',
  'detect',
  'description',
  'detection_desc',
  'causes',
  'manager',
  'status',
  'client',
  'provider',
  'users_interested',
  'solution',
] as const;

interface Props {
  projectId: string;
  /** The incidence edited, {} for a new one, null when closed. */
  record: Values | null;
  onClose: () => void;
}

/** The incidence detail modal: its fields, save and close; its documents once it is saved. */
export function IncidenceModal({ projectId, record, onClose }: Props) {
  const { t } = useTranslation('incidences');
  return (
    <RecordModal
      opened={record !== null}
      onClose={onClose}
      resource="incidence"
      ns="incidences"
      title={record?.id ? t('edit') : t('new')}
      record={record ?? {}}
      fixed={{ project: projectId }}
      fields={INCIDENCE_FIELDS}
      stayOpen={!record?.id}
      renderField={(name, form) =>
        name === 'users_interested' ? (
          <UsersField
            key={name}
            label={t('fields.users_interested')}
            name={name}
            value={
              Array.isArray(form.values.users_interested) ? (form.values.users_interested as string[]) : []
            }
            onChange={(next) => form.set('users_interested', next)}
            error={fieldError(t, 'incidence', t('fields.users_interested'), form.errors.users_interested)}
          />
        ) : undefined
      }
      footer={(id) => (
        <>
          <Divider my="md" />
          <Title order={3} size="h5" mb="xs">
            {t('documents')}
          </Title>
          <DocumentsList parent={{ resource: 'incidence', id }} />
        </>
      )}
      testId="incidence-modal"
    />
  );
}
