import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CommodityCode,
  commodities,
  packingDamageKinds,
  packingLabelColorHex,
} from '../../domain/enums';
import { save } from '../../store/active';
import { useRecord, useRefusal } from '../../store/hooks';
import type { OutboxEntry } from '../../store/schema';
import type { FieldErrors } from '../../store/validate';
import { fieldError, otherErrors } from '../../ui/fieldErrors';
import { useRecordForm, type Values } from '../../ui/form';
import { formatDateTime } from '../../ui/format';
import { notifyUpdated } from '../../ui/notices';
import { RecordField } from '../../ui/RecordField';
import { useZone } from '../../ui/zone';
import { AttachmentsTable } from '../documents';
import { HandSearch } from './HandSearch';
import { LabelColorSelect } from './LabelColors';
import { hasDamageCheckboxes, hasDamageOptions, hasLabelColors, packingPayload } from './rules';
import { WarningIcon } from './WarningIcon';

const FIELDS = [
  'reference',
  'commodity',
  'packing',
  'zone',
  'quantity',
  'processed_quantity',
  'net_weight',
  'gross_weight',
  'location',
  'validation_hold',
  'validation_prompter_identifier',
  'validated',
] as const;
const READ_ONLY = new Set(['validated']);

const codeOf = (value: unknown): CommodityCode | null =>
  (commodities as readonly unknown[]).includes(value) ? (value as CommodityCode) : null;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A refusal's field errors of the values still as refused (all of them for what the change did not send). */
function stillRefused(refusal: OutboxEntry | null | undefined, values: Values): FieldErrors {
  if (!refusal?.errors) return {};
  const sent = refusal.data ?? {};
  return Object.fromEntries(
    Object.entries(refusal.errors).filter(([name]) => !(name in sent) || same(sent[name], values[name])),
  );
}

interface Props {
  projectId: string;
  /** The item being edited, or null for a new one. */
  record: Values | null;
  opened: boolean;
  onClose: () => void;
}

function PackingForm({ projectId, record, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation(['packing', 'ui']);
  const zone = useZone();
  const editing = typeof record?.id === 'string';
  const typed = useRecordForm(
    record ?? { label_color: [], damage: [], requires_attention: false, location: 'uncategorized' },
  );
  // The server's refusal of this item's last change shows as the form's own, under its field (or in the
  // banner), while the value refused is the one on screen.
  const refusal = useRefusal('packing-list', editing ? String(record?.id) : null);
  const form = { ...typed, errors: { ...stillRefused(refusal, typed.values), ...typed.errors } };
  const commodity = useRecord(
    'commodity',
    typeof form.values.commodity === 'string' ? form.values.commodity : null,
  );
  const code = codeOf(commodity?.code);
  // The fields whose refusals show under their input; any other (the attention flag has only an icon, a
  // field the form has no input for) is named in the banner above the form.
  const shown: string[] = [...FIELDS, 'validation_datetime', 'validation_hand'];
  if (hasDamageOptions(code)) shown.push('other_damage');
  if (hasDamageCheckboxes(code)) shown.push('damage');
  if (hasLabelColors(code)) shown.push('label_color');
  const attention = form.values.requires_attention === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit((values) =>
      save('packing-list', packingPayload(values, code, projectId)),
    );
    if (!result) return;
    notifyUpdated();
    onClose();
  }
  const banner = otherErrors(t, 'packing-list', form.errors, shown);
  const errorOf = (name: string) => fieldError(t, 'packing-list', t(`fields.${name}`), form.errors[name]);
  const damage = Array.isArray(form.values.damage) ? (form.values.damage as string[]) : [];
  const colors = Array.isArray(form.values.label_color) ? (form.values.label_color as string[]) : [];
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="packing-form"
      data-commodity={code ?? ''}
    >
      <Group justify="flex-end" mb="xs">
        <Tooltip label={t(attention ? 'attention.on' : 'attention.off')}>
          <ActionIcon
            size="xl"
            variant={attention ? 'filled' : 'default'}
            color={attention ? 'orange' : 'gray'}
            aria-label={t('fields.requires_attention')}
            aria-pressed={attention}
            onClick={() => form.set('requires_attention', !attention)}
            data-testid="attention-toggle"
          >
            <WarningIcon size={22} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {banner.length > 0 && (
        <Alert color="red" mb="sm" data-testid="form-errors">
          {banner.join(' ')}
        </Alert>
      )}
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.map((name) => (
            <RecordField
              key={name}
              resource="packing-list"
              name={name}
              form={form}
              ns="packing"
              readOnly={READ_ONLY.has(name) || (name === 'processed_quantity' && !editing)}
            />
          ))}
          {/* Set by the tally only: shown, never edited (the shared date input has no read-only mode). */}
          <TextInput
            label={t('fields.validation_datetime')}
            name="validation_datetime"
            size="md"
            disabled
            value={formatDateTime(
              typeof form.values.validation_datetime === 'string' ? form.values.validation_datetime : null,
              zone,
            )}
            error={errorOf('validation_datetime')}
          />
          <HandSearch
            projectId={projectId}
            value={typeof form.values.validation_hand === 'string' ? form.values.validation_hand : null}
            onChange={(value) => form.set('validation_hand', value)}
            error={errorOf('validation_hand')}
          />
        </SimpleGrid>
        {hasLabelColors(code) && (
          <LabelColorSelect
            label={t('fields.label_color')}
            name="label_color"
            hex={packingLabelColorHex}
            value={colors}
            onChange={(value) => form.set('label_color', value)}
            error={errorOf('label_color')}
          />
        )}
        {hasDamageCheckboxes(code) && (
          <Checkbox.Group
            label={t('fields.damage')}
            value={damage}
            onChange={(value) => form.set('damage', value)}
            error={errorOf('damage')}
            data-testid="damage-checkboxes"
          >
            <Group mt="xs">
              {packingDamageKinds.map((kind) => (
                <Checkbox key={kind} value={kind} label={t(`damage.${kind}`)} size="md" />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {hasDamageOptions(code) && (
          <RecordField resource="packing-list" name="other_damage" form={form} ns="packing" />
        )}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" size="md" onClick={onClose}>
          {t('ui:form.close')}
        </Button>
        <Button type="submit" size="md" loading={form.busy} data-testid="packing-save">
          {t('ui:form.save')}
        </Button>
      </Group>
    </form>
  );
}

/** The packing detail modal (new or edit) with the spec's rules per commodity. */
export function PackingModal({ opened, ...props }: Props) {
  const { t } = useTranslation('packing');
  const editing = typeof props.record?.id === 'string';
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      size="xl"
      title={editing ? t('modal.edit', { reference: String(props.record?.reference ?? '') }) : t('modal.new')}
      closeOnClickOutside={false}
      data-testid="packing-modal"
    >
      {opened && <PackingForm key={String(props.record?.id ?? 'new')} {...props} />}
      {opened && typeof props.record?.id === 'string' && (
        <>
          <Divider my="md" />
          <Title order={3} size="h5" mb="xs">
            {t('documents')}
          </Title>
          <AttachmentsTable parent={{ resource: 'packing-list', id: props.record.id }} />
        </>
      )}
    </Modal>
  );
}
