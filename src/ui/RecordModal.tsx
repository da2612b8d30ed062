import { Alert, Button, Group, Modal, SimpleGrid } from '@mantine/core';
import type { FormEvent, MutableRefObject, ReactNode } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import type { FieldName } from '../domain/rows';
import { save } from '../store/active';
import { DraftNotice } from './DraftNotice';
import { otherErrors } from './fieldErrors';
import { type RecordForm, useRecordForm, type Values } from './form';
import { HistoryButton } from './history/HistoryButton';
import { answer as answerLeave, askToClose, isAsking, justAnswered } from './leave/guard';
import { notifyUpdated } from './notices';
import { RecordField } from './RecordField';

interface RecordModalProps<N extends ResourceName = ResourceName> {
  opened: boolean;
  onClose: () => void;
  resource: N;
  /** Namespace with the field labels. */
  ns: string;
  title: string;
  /** The record being edited (with its id), or the starting values of a new one. */
  record: Values;
  /** Values the user does not choose here (the parent: project, hand, event). */
  fixed?: Values;
  fields: readonly FieldName<N>[];
  /** A message refusing the save (the coil report's commodity and activity), or null to save. */
  check?: (values: Values) => string | null;
  /** Draws a field itself (a project's hands, users as tags); undefined leaves it to RecordField. */
  renderField?: (name: string, form: RecordForm) => ReactNode | undefined;
  /** Shown under the form for a saved record (its documents). */
  footer?: (id: string) => ReactNode;
  /** Keep the modal open after a save (to add documents to a new record). */
  stayOpen?: boolean;
  onSaved?: (id: string) => void;
  testId?: string;
}

type Guard = MutableRefObject<{ dirty: boolean; discard: () => void }>;

/** Where a modal's unsaved values are kept: the record, or a new one under its parent. */
function draftName(props: RecordModalProps): string {
  const id = typeof props.record.id === 'string' ? props.record.id : null;
  const parent = Object.values(props.fixed ?? {}).filter((value) => typeof value === 'string');
  return [props.resource, id ?? 'new', ...(id ? [] : parent)].join(':');
}

function RecordModalBody(props: RecordModalProps & { guard: Guard; close: () => void }) {
  const { t } = useTranslation('ui');
  const form = useRecordForm(props.record, { draft: draftName(props) });
  props.guard.current = { dirty: form.dirty, discard: form.discard };
  const [refusal, setRefusal] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(
    typeof props.record.id === 'string' ? props.record.id : null,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The modal is in a portal, but React passes its events up the component tree: a form it was opened
    // from (the project form, for a vessel added from its search-select) must not submit too.
    event.stopPropagation();
    const refused = props.check?.(form.values) ?? null;
    setRefusal(refused);
    if (refused) return;
    const result = await form.submit((values) => save(props.resource, { ...values, ...props.fixed }));
    if (!result) return;
    notifyUpdated();
    setSavedId(result.id);
    form.reset({ ...form.values, id: result.id });
    props.onSaved?.(result.id);
    if (!props.stayOpen) props.onClose();
  }
  const banner = [
    ...(refusal ? [refusal] : []),
    ...otherErrors(t, props.resource, form.errors, props.fields),
  ];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DraftNotice form={form} />
      {banner.length > 0 && (
        <Alert color="red" mb="sm" data-testid="form-errors">
          {banner.join(' ')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {props.fields.map(
          (name) =>
            props.renderField?.(name, form) ?? (
              <RecordField key={name} resource={props.resource} name={name} form={form} ns={props.ns} />
            ),
        )}
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        {typeof props.record.id === 'string' && (
          <HistoryButton resource={props.resource} id={props.record.id} title={props.title} />
        )}
        <Button variant="default" size="md" onClick={props.close}>
          {t('form.close')}
        </Button>
        <Button type="submit" size="md" loading={form.busy}>
          {t('form.save')}
        </Button>
      </Group>
      {savedId && props.footer?.(savedId)}
    </form>
  );
}

/** A record's add/edit modal: its fields, save (through the local store) and close. */
export function RecordModal<N extends ResourceName>(props: RecordModalProps<N>) {
  const guard: Guard = useRef({ dirty: false, discard: () => {} });
  // Close, Escape and the cross ask first when the form holds unsaved changes; Escape on the question
  // itself (every open dialog hears it) answers "stay".
  const close = () => {
    if (isAsking()) answerLeave(false);
    else if (justAnswered()) return;
    else if (guard.current.dirty) askToClose(guard.current.discard, props.onClose);
    else props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.title}
      size="xl"
      data-testid={props.testId}
      closeOnClickOutside={false}
    >
      {props.opened && (
        <RecordModalBody key={String(props.record.id ?? 'new')} {...props} guard={guard} close={close} />
      )}
    </Modal>
  );
}
