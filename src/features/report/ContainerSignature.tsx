// The inspector signs the container report on the tablet: the pad's PNG goes into the form's
// `signature` and is saved with the report (on this device first, offline too; the outbox sends it).
// A saved signature is shown as signed, and can be drawn again.
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../ui/fieldErrors';
import type { RecordForm } from '../../ui/form';
import { SignaturePad, type Strokes, strokesToPng } from '../../ui/SignaturePad';

export function ContainerSignature({ form }: { form: RecordForm }) {
  const { t } = useTranslation('containers');
  const [strokes, setStrokes] = useState<Strokes>([]);
  const saved = typeof form.values.signature === 'string' ? form.values.signature : '';
  const [drawing, setDrawing] = useState(saved === '');
  const error = fieldError(t, 'container-report', t('signature.label'), form.errors.signature);

  if (!drawing && saved)
    return (
      <Stack gap="xs" data-testid="container-signature">
        <Text fw={500} size="sm">
          {t('signature.label')}
        </Text>
        <Image
          src={saved}
          alt={t('signature.label')}
          h={120}
          w="auto"
          fit="contain"
          bg="white"
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
        />
        <Group>
          <Button variant="default" size="md" onClick={() => setDrawing(true)}>
            {t('signature.again')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="xs" data-testid="container-signature">
      <SignaturePad
        strokes={strokes}
        onChange={(next) => {
          setStrokes(next);
          form.set('signature', strokesToPng(next));
        }}
        label={t('signature.label')}
        error={error}
      />
      <Text size="sm" c="dimmed">
        {t('signature.saved_with_report')}
      </Text>
    </Stack>
  );
}
