import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from './fieldErrors';
import type { RecordForm } from './form';

/** The IANA zones this browser knows (Europe/Madrid...), or none where it cannot list them. */
function zones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** A port's time zone, chosen from the IANA list by typing part of it ("madrid", "canary"). */
export function TimeZoneField({ form, label }: { form: RecordForm; label: string }) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const value = form.values.time_zone;
    const known = zones();
    return typeof value === 'string' && value && !known.includes(value) ? [value, ...known] : known;
  }, [form.values.time_zone]);
  return (
    <Select
      label={label}
      name="time_zone"
      searchable
      clearable
      data={data}
      value={
        typeof form.values.time_zone === 'string' && form.values.time_zone ? form.values.time_zone : null
      }
      onChange={(value) => form.set('time_zone', value)}
      error={fieldError(t, 'port', label, form.errors.time_zone)}
      comboboxProps={{ withinPortal: true }}
      limit={50}
    />
  );
}
