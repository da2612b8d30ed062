import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getResource, type ResourceName } from '../../domain/registry';
import { retryEntry } from '../../store/attention';
import type { LocalDb } from '../../store/db';
import type { AttentionItem } from '../../store/queries';
import { LocalValidationError } from '../../store/validate';
import { fieldError, fieldMessage, recordMessage } from '../../ui/fieldErrors';
import { notifySuccess } from '../../ui/notices';
import { RefSelect } from '../../ui/RefSelect';
import { UsersField } from '../../ui/UsersField';
import { DESCRIBE_NAMESPACES, fieldLabel } from './describe';
import { type FixMode, fieldKind, fixedFields, fixFields, fromText, idsOf, toText } from './fixValues';

interface Props {
  db: LocalDb;
  item: AttentionItem;
  onClose: () => void;
}

/**
 * Fix and retry: the refused change's fields as a form (or as raw JSON values), prefilled with what the
 * user sent, the server's words under each field. Saved through the store's validation, same mutation id.
 */
export function FixModal({ db, item, onClose }: Props) {
  const { t } = useTranslation(DESCRIBE_NAMESPACES);
  const label = (name: string) => fieldLabel(t, entry.resource, name);
  const { entry, local } = item;
  const fields = fixFields(entry);
  const fixed = fixedFields(entry, item.server !== null);
  // A fixed field keeps the value the record has on the server (what the user sent would move it).
  const source = (name: string) =>
    fixed.includes(name) && item.server
      ? item.server[name]
      : entry.data && name in entry.data
        ? entry.data[name]
        : local?.[name];
  const initial = (mode: FixMode) =>
    Object.fromEntries(
      fields.map((name) => [name, toText(source(name), fieldKind(entry.resource, name), mode)]),
    );
  const [mode, setMode] = useState<FixMode>('form');
  const [texts, setTexts] = useState<Record<string, string>>(() => initial('form'));
  const [errors, setErrors] = useState<Record<string, string[]>>(entry.errors ?? {});
  const [busy, setBusy] = useState(false);

  const switchMode = (next: FixMode) => {
    // Carry the edits over: parse in the old mode, show in the new one.
    const values: Record<string, string> = {};
    for (const name of fields) {
      const kind = fieldKind(entry.resource, name);
      try {
        values[name] = toText(fromText(texts[name] ?? '', kind, mode), kind, next);
      } catch {
        values[name] = texts[name] ?? '';
      }
    }
    setTexts(values);
    setMode(next);
  };

  const save = async () => {
    const data: Record<string, unknown> = {};
    const bad: Record<string, string[]> = {};
    for (const name of fields) {
      try {
        data[name] = fromText(texts[name] ?? '', fieldKind(entry.resource, name), mode);
      } catch {
        bad[name] = [t('sync:attention.raw_invalid', { field: label(name) })];
      }
    }
    if (Object.keys(bad).length > 0) {
      setErrors(bad);
      return;
    }
    setBusy(true);
    try {
      await retryEntry(db, entry.mutation_id, data);
      notifySuccess(t('sync:attention.retried'));
      onClose();
    } catch (error) {
      if (error instanceof LocalValidationError) setErrors(error.fieldErrors);
      else setErrors({ non_field_errors: [error instanceof Error ? error.message : String(error)] });
    } finally {
      setBusy(false);
    }
  };

  const general = Object.entries(errors)
    .filter(([name]) => !fields.includes(name))
    .flatMap(([name, messages]) =>
      messages.map((message) =>
        name === 'non_field_errors'
          ? recordMessage(t, message)
          : fieldMessage(t, entry.resource, label(name), message),
      ),
    );

  return (
    <Modal opened onClose={onClose} title={t('sync:attention.fix_title')} size="lg" centered>
      <Stack gap="sm" data-testid="fix-form">
        <SegmentedControl
          value={mode}
          onChange={(value) => switchMode(value === 'raw' ? 'raw' : 'form')}
          data={[
            { value: 'form', label: t('sync:attention.form') },
            { value: 'raw', label: t('sync:attention.raw') },
          ]}
        />
        {mode === 'raw' && (
          <Text size="sm" c="dimmed">
            {t('sync:attention.raw_hint')}
          </Text>
        )}
        {general.length > 0 && <Alert color="red">{general.join(' ')}</Alert>}
        {fields.map((name) => {
          const kind = fieldKind(entry.resource, name);
          const error = fieldError(t, entry.resource, label(name), errors[name]);
          const set = (value: string) => setTexts((current) => ({ ...current, [name]: value }));
          if (mode === 'form' && kind === 'bool')
            return (
              <Checkbox
                key={name}
                label={label(name)}
                checked={texts[name] === 'true'}
                error={error}
                onChange={(event) => set(event.currentTarget.checked ? 'true' : 'false')}
              />
            );
          // Another record by its name, as the user chose it (its id is no word of theirs).
          const ref = getResource(entry.resource)?.fields[name]?.info.ref;
          if (mode === 'form' && kind === 'ref' && ref)
            return (
              <RefSelect
                key={name}
                resource={ref as ResourceName}
                label={label(name)}
                name={name}
                value={texts[name] || null}
                onChange={(value) => set(value ?? '')}
                disabled={fixed.includes(name)}
                description={fixed.includes(name) ? t('sync:attention.fixed_project') : undefined}
                error={error}
              />
            );
          // People by their names, kept as their ids (the JSON list the store checks).
          if (mode === 'form' && kind === 'refList' && ref === 'users' && !fixed.includes(name))
            return (
              <UsersField
                key={name}
                label={label(name)}
                name={name}
                value={idsOf(texts[name])}
                onChange={(ids) => set(JSON.stringify(ids))}
                error={error}
              />
            );
          return (
            <TextInput
              key={name}
              label={label(name)}
              name={name}
              value={texts[name] ?? ''}
              disabled={fixed.includes(name)}
              description={fixed.includes(name) ? t('sync:attention.fixed_project') : undefined}
              error={error}
              ff={mode === 'raw' ? 'monospace' : undefined}
              onChange={(event) => set(event.currentTarget.value)}
            />
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} data-testid="fix-send">
            {t('sync:attention.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
