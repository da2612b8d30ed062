// Date, date-time and time inputs (@mantine/dates), typed as dd/MM/yyyy and HH:mm or picked from a
// calendar. Stored values: dates 'yyyy-MM-dd', date-times UTC ISO 8601, times 'HH:mm'.
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DateInput, DatesProvider, TimeInput } from '@mantine/dates';
import { format, isValid, parse, parseISO } from 'date-fns';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const LOCAL_DATE_TIME = 'yyyy-MM-dd HH:mm:ss';

/** 'dd/MM/yyyy' (or 'yyyy-MM-dd') typed by a person, as 'yyyy-MM-dd'; null when not a date. */
export function parseTypedDate(input: string): string | null {
  const text = input.trim();
  for (const pattern of ['dd/MM/yyyy', 'd/M/yyyy', 'yyyy-MM-dd']) {
    const date = parse(text, pattern, new Date());
    if (isValid(date) && date.getFullYear() > 1900) return format(date, 'yyyy-MM-dd');
  }
  return null;
}

/** 'dd/MM/yyyy HH:mm' (time optional) as the local 'yyyy-MM-dd HH:mm:ss' the input holds. */
export function parseTypedDateTime(input: string): string | null {
  const text = input.trim();
  for (const pattern of ['dd/MM/yyyy HH:mm', 'd/M/yyyy H:mm', 'dd/MM/yyyy', 'yyyy-MM-dd HH:mm']) {
    const date = parse(text, pattern, new Date());
    if (isValid(date) && date.getFullYear() > 1900) return format(date, LOCAL_DATE_TIME);
  }
  return null;
}

/** Stored UTC ISO -> the local wall time the input shows. */
export function isoToLocal(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, LOCAL_DATE_TIME) : null;
}

/** The input's local wall time -> UTC ISO for the store. */
export function localToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parse(value.length === 16 ? `${value}:00` : value, LOCAL_DATE_TIME, new Date());
  return isValid(date) ? date.toISOString() : null;
}

function Dates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'es' ? 'es' : 'en', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}

interface FieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  name?: string;
}

export const DateField = memo(function DateField({ label, value, onChange, error, name }: FieldProps) {
  return (
    <Dates>
      <DateInput
        label={label}
        name={name}
        value={value}
        onChange={(next) => onChange(next ? next.slice(0, 10) : null)}
        valueFormat="DD/MM/YYYY"
        dateParser={parseTypedDate}
        placeholder="dd/mm/yyyy"
        clearable
        error={error}
        size="md"
      />
    </Dates>
  );
});

export function DateTimeField({ label, value, onChange, error, name }: FieldProps) {
  return (
    <Dates>
      <DateInput
        label={label}
        name={name}
        value={isoToLocal(value)}
        onChange={(next) => onChange(localToIso(next))}
        valueFormat="DD/MM/YYYY HH:mm"
        withTime
        dateParser={parseTypedDateTime}
        placeholder="dd/mm/yyyy hh:mm"
        clearable
        error={error}
        size="md"
      />
    </Dates>
  );
}

export function TimeField({ label, value, onChange, error, name }: FieldProps) {
  return (
    <TimeInput
      label={label}
      name={name}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
      size="md"
    />
  );
}
