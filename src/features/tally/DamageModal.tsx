// Damage found during the tally, recorded on the item (product-decisions: "with a photo"): the kinds the
// item's commodity takes (the spec's rules), a description, and photos from the camera, which wait in the
// device's file queue and upload once online. The item is marked as requiring attention.
import { Alert, Button, Checkbox, FileButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommodityCode, commodities, packingDamageKinds } from '../../domain/enums';
import { update } from '../../store/active';
import { useRecord } from '../../store/hooks';
import type { RowOfResource } from '../../store/schema';
import { addFiles, useFiles } from '../../sync/files';
import { IconPlus } from '../../ui/icons';
import { notifyApiError, notifySuccess } from '../../ui/notices';
import { hasDamageCheckboxes, hasDamageOptions } from '../packing-list';

type Item = RowOfResource<'packing-list'>;
const codeOf = (value: unknown): CommodityCode | null =>
  (commodities as readonly unknown[]).includes(value) ? (value as CommodityCode) : null;

function DamageForm({ item, onClose }: { item: Item; onClose: () => void }) {
  const { t } = useTranslation(['tally', 'packing', 'ui']);
  const commodity = useRecord('commodity', item.commodity || null);
  const code = codeOf(commodity?.code);
  const parent = { resource: 'packing-list' as const, id: item.id };
  const stored = useFiles(parent)?.filter((file) => file.is_image).length ?? 0;
  const [kinds, setKinds] = useState<string[]>(Array.isArray(item.damage) ? (item.damage as string[]) : []);
  const [other, setOther] = useState(item.other_damage ?? '');
  const [photos, setPhotos] = useState<File[]>([]);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  async function save() {
    const checkboxes = hasDamageCheckboxes(code);
    const options = hasDamageOptions(code);
    const described = (checkboxes && kinds.length > 0) || (options && other.trim() !== '');
    if (!described && photos.length === 0) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await update('packing-list', item.id, {
        requires_attention: true,
        ...(checkboxes ? { damage: kinds } : {}),
        ...(options ? { other_damage: other.trim() || null } : {}),
      });
      if (photos.length > 0)
        await addFiles(parent, photos, {
          isImage: true,
          description: t('damage.photo_description', { reference: item.reference }),
        });
      notifySuccess(t('damage.saved', { reference: item.reference }));
      onClose();
    } catch (error) {
      await notifyApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" data-testid="damage-form">
      {hasDamageCheckboxes(code) && (
        <Checkbox.Group label={t('packing:fields.damage')} value={kinds} onChange={setKinds}>
          <Stack gap="sm" mt="xs">
            {packingDamageKinds.map((kind) => (
              <Checkbox key={kind} value={kind} label={t(`packing:damage.${kind}`)} size="lg" />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {hasDamageOptions(code) && (
        <Textarea
          size="lg"
          label={t('packing:fields.other_damage')}
          value={other}
          maxLength={1000}
          onChange={(event) => setOther(event.currentTarget.value)}
        />
      )}
      <Group>
        <FileButton multiple accept="image/*" capture="environment" onChange={setPhotos}>
          {(props) => (
            <Button
              {...props}
              size="lg"
              variant="default"
              leftSection={<IconPlus />}
              data-testid="damage-photo"
            >
              {t('damage.take_photo')}
            </Button>
          )}
        </FileButton>
        <Text data-testid="damage-photo-count">{t('damage.photos', { count: photos.length + stored })}</Text>
      </Group>
      {missing && (
        <Alert color="red" data-testid="damage-missing">
          {t('damage.missing')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" size="lg" onClick={onClose}>
          {t('ui:form.close')}
        </Button>
        <Button size="lg" color="orange" loading={busy} onClick={() => void save()} data-testid="damage-save">
          {t('damage.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The damage dialog of one item of the lift (null: closed). */
export function DamageModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const { t } = useTranslation('tally');
  // The item as stored now (a damage recorded earlier in this lift shows), not the lift's copy.
  const stored = useRecord('packing-list', item?.id);
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      size="lg"
      closeOnClickOutside={false}
      title={t('damage.title', { reference: item?.reference ?? '' })}
    >
      {item && stored !== undefined && <DamageForm key={item.id} item={stored ?? item} onClose={onClose} />}
    </Modal>
  );
}
