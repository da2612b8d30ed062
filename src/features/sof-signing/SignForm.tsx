// One signature: the signer's name, under protest or not (with why), and the pad. Saved on this
// device at once, with the content and hash of the statement shown; the outbox sends it when it can.
import { Alert, Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SofSignatureRole } from '../../domain/enums';
import { save } from '../../store/active';
import { LocalValidationError } from '../../store/validate';
import { fieldError, otherErrors } from '../../ui/fieldErrors';
import { SignaturePad, type Strokes, strokesToPng } from '../../ui/SignaturePad';
import type { LocalSof } from './content';

interface Props {
  reportId: string;
  role: SofSignatureRole;
  sof: LocalSof;
  onDone: () => void;
}

type Field = 'name' | 'remark' | 'image';
type Errors = Partial<Record<Field | 'other', string>>;
const FIELDS: readonly Field[] = ['name', 'remark', 'image'];
/** Each field's label, which its refusals name. */
const LABEL_KEY: Record<Field, string> = {
  name: 'signing.name',
  remark: 'signing.remark',
  image: 'signing.pad_field',
};

export function SignForm({ reportId, role, sof, onDone }: Props) {
  const { t } = useTranslation('reports');
  const [name, setName] = useState('');
  const [protest, setProtest] = useState(false);
  const [remark, setRemark] = useState('');
  const [strokes, setStrokes] = useState<Strokes>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function sign() {
    const image = strokesToPng(strokes);
    const found: Errors = {};
    const field = (key: Field) => ({ field: t(LABEL_KEY[key]) });
    if (!name.trim()) found.name = t('signing.name_required', field('name'));
    if (protest && !remark.trim()) found.remark = t('signing.remark_required', field('remark'));
    if (!image) found.image = t('signing.pad_required', field('image'));
    setErrors(found);
    if (Object.keys(found).length > 0 || !image) return;
    setBusy(true);
    try {
      await save('sof-signature', {
        sof_report: reportId,
        role,
        name: name.trim(),
        under_protest: protest,
        remark: protest ? remark.trim() : null,
        signed_at: new Date().toISOString(),
        content: sof.content,
        content_hash: sof.hash,
        image,
      });
      // No notice: the signer's line says it, and a notice over the pad would take the next signer's finger.
      onDone();
    } catch (error) {
      // The device's checks name each refused field under it, in the interface's language.
      const refused =
        error instanceof LocalValidationError ? error.fieldErrors : { non_field_errors: [String(error)] };
      const under = Object.fromEntries(
        FIELDS.map((key) => [key, fieldError(t, 'sof-signature', t(LABEL_KEY[key]), refused[key])]),
      );
      const other = otherErrors(t, 'sof-signature', refused, FIELDS).join(' ');
      setErrors({ ...under, ...(other ? { other } : {}) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" data-testid={`sign-form-${role}`}>
      {errors.other && <Alert color="red">{errors.other}</Alert>}
      <TextInput
        label={t('signing.name')}
        name="name"
        size="md"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        required
        autoComplete="name"
      />
      <Checkbox
        label={t('signing.under_protest')}
        size="md"
        checked={protest}
        onChange={(event) => setProtest(event.currentTarget.checked)}
        name="under_protest"
      />
      {protest && (
        <Textarea
          label={t('signing.remark')}
          name="remark"
          size="md"
          autosize
          minRows={2}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          error={errors.remark}
          required
        />
      )}
      <SignaturePad
        strokes={strokes}
        onChange={(next) => {
          setStrokes(next);
          setErrors((current) => ({ ...current, image: undefined }));
        }}
        label={t('signing.pad', { role: t(`signing.roles.${role}`) })}
        error={errors.image}
      />
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={onDone}>
          {t('signing.cancel')}
        </Button>
        <Button size="md" loading={busy} onClick={() => void sign()} data-testid="sign-submit">
          {t('signing.sign')}
        </Button>
      </Group>
    </Stack>
  );
}
