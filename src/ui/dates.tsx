// Date, date-time and time inputs (@mantine/dates), typed as dd/MM/yyyy and HH:mm or picked from a
// calendar. Stored values: dates 'yyyy-MM-dd', date-times UTC ISO 8601, times 'HH:mm'. Date-times are
// typed and shown in the local time of the project on screen (./zone.tsx), else of this device.
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DateInput, DatesProvider, TimeInput } from '@mantine/dates';
import { format, isValid, parse, parseISO } from 'date-fns';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { wallTime, zonedInstant } from '../domain/time';
import { useZone } from './zone';

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

/** Stored UTC ISO -> the wall time the input shows: in `zone` (the project's port) when given, else here. */
export function isoToLocal(value: string | null | undefined, zone?: string): string | null {
  if (!value) return null;
  const date = parseISO(value);
  if (!isValid(date)) return null;
  if (zone) {
    const wall = wallTime(date.getTime(), zone);
    return wall ? `${wall.slice(0, 10)} ${wall.slice(11, 16)}:00` : null;
  }
  return format(date, LOCAL_DATE_TIME);
}

/** The input's wall time -> UTC ISO for the store, read in `zone` when given, else here. */
export function localToIso(value: string | null | undefined, zone?: string): string | null {
  if (!value) return null;
  if (zone) {
    const at = zonedInstant(value, zone);
    return at === null ? null : new Date(at).toISOString();
  }
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

/** The clear cross is 44 px (global.css, a touch target): its section as wide, so it stays inside the field. */
const CLEAR_WIDTH = 44;

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
        rightSectionWidth={CLEAR_WIDTH}
        error={error}
        size="md"
      />
    </Dates>
  );
});

/** A date-time typed in the local time of the project on screen (its port's zone), else of this device. */
export function DateTimeField({ label, value, onChange, error, name }: FieldProps) {
  const zone = useZone();
  return (
    <Dates>
      <DateInput
        label={label}
        name={name}
        value={isoToLocal(value, zone)}
        onChange={(next) => onChange(localToIso(next, zone))}
        valueFormat="DD/MM/YYYY HH:mm"
        withTime
        dateParser={parseTypedDateTime}
        placeholder="dd/mm/yyyy hh:mm"
        clearable
        rightSectionWidth={CLEAR_WIDTH}
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
