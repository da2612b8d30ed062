// What a statement of facts shows, as data: the particulars of the call, the events with their times,
// the daily table and the remarks. Built by the same function on the tablet (from its local store, to
// sign offline) and on the server (to print it), and hashed: signatures carry the hash of the content
// they signed, so any later change to what the SOF shows is seen as an amendment.
import type { DelayAttribution, EventKind } from '../enums';
import { type DayRow, type DelayBy, dailyRows, milliToText, type RatiosInput, toMilli } from '../ratios';
import { lookupLabel } from '../reference/label';
import { getResource } from '../registry';
import { canonicalJson, sha256Hex } from '../sha256';

/** A name in both report languages (a lookup's English and Spanish names; Spanish null when none). */
export interface SofName {
  en: string;
  es: string | null;
}

export interface SofEvent {
  id: string;
  /** ISO UTC. */
  at: string;
  end: string | null;
  type: SofName;
  kind: EventKind;
  cause: DelayAttribution | null;
  gangs: number | null;
  notes: string | null;
}

type SofDay = Omit<DayRow, 'start' | 'end'>;

export interface SofContent {
  /** The layout of this object; a change to it changes every hash. */
  format: 1;
  /** The zone the times are shown in (the port's). */
  time_zone: string;
  project: {
    code: string | null;
    name: string;
    voyage: string | null;
    customer: string | null;
    agency: string | null;
    berth: string | null;
    init_date: string | null;
    end_date: string | null;
  };
  vessel: SofName | null;
  port: SofName | null;
  country: SofName | null;
  previous_port: SofName | null;
  next_port: SofName | null;
  /** ISO UTC, or null. */
  times: Record<SofTime, string | null>;
  events: SofEvent[];
  days: SofDay[];
  totals: {
    hours_worked: number;
    hours_stopped: number;
    stopped_by: DelayBy;
    quantity: string;
    tons: string;
  };
  remarks: string | null;
}

export const sofTimes = [
  'eta_portcall',
  'reported_and_ready',
  'time_to_count',
  'start_ops',
  'end_ops',
  'despatched',
  'etd_portcall',
] as const;
type SofTime = (typeof sofTimes)[number];

/** The project fields a SOF shows (a project row, local or from SQL, has them all). */
type SofProject = Record<SofTime, string | null | undefined> & {
  code?: string | null;
  name: string;
  voyage?: string | null;
  agency?: string | null;
  berthing_wharf?: string | null;
  remarks?: string | null;
  init_date?: string | null;
  end_date?: string | null;
};

/** A SOF report row's fields (each, when given, replaces the project's). */
type SofReportFields = Partial<Record<SofTime, string | null>> & {
  berthing_wharf?: string | null;
  remarks?: string | null;
};

export interface SofSources extends RatiosInput {
  sofProject: SofProject;
  report: SofReportFields | null;
  names: Partial<Record<'vessel' | 'port' | 'country' | 'previous_port' | 'next_port', SofName | null>> & {
    customer?: string | null;
  };
  /** Names of the event types by id. */
  eventNames: ReadonlyMap<string, SofName>;
  timeZone: string;
}

const iso = (value: string | null | undefined) => {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
};
const text = (value: string | null | undefined) => (value?.trim() ? value : null);
const pick = (report: string | null | undefined, project: string | null | undefined) =>
  report === undefined || report === null || report === '' ? (project ?? null) : report;

/** Hundredths added exactly (the days' hours are already rounded to add up). */
const sumHours = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;

/** What the SOF shows for these rows. */
export function sofContent(sources: SofSources): SofContent {
  const { sofProject: project, report, names } = sources;
  const types = new Map(sources.eventTypes.filter((row) => !row.deleted_at).map((row) => [row.id, row]));
  const events: SofEvent[] = sources.events
    .filter((event) => !event.deleted_at)
    .map((event) => {
      const type = types.get(event.event);
      return {
        id: event.id,
        at: iso(event.init_date) ?? '',
        end: iso(event.end_date),
        type: sources.eventNames.get(event.event) ?? { en: type?.description ?? '', es: null },
        kind: type?.kind ?? 'milestone',
        cause: type?.delay_attribution ?? null,
        gangs: event.number_gangs ?? null,
        notes: text(event.notes),
      };
    })
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1));
  const days = dailyRows(sources, { timeZone: sources.timeZone }).map(({ start: _, end: __, ...day }) => day);
  const stopped_by = {} as DelayBy;
  for (const cause of Object.keys(days[0]?.stopped_by ?? {}) as DelayAttribution[])
    stopped_by[cause] = sumHours(days.map((day) => day.stopped_by[cause]));
  let quantity = 0n;
  let tonHundredths = 0;
  for (const day of days) {
    quantity += toMilli(day.quantity);
    tonHundredths += Math.round(Number(day.tons) * 100);
  }
  const times = {} as Record<SofTime, string | null>;
  for (const name of [...sofTimes])
    times[name] = iso(
      name === 'start_ops' || name === 'end_ops' ? project[name] : pick(report?.[name], project[name]),
    );
  return {
    format: 1,
    time_zone: sources.timeZone,
    project: {
      code: text(project.code),
      name: project.name,
      voyage: text(project.voyage),
      customer: text(names.customer),
      agency: text(project.agency),
      berth: text(pick(report?.berthing_wharf, project.berthing_wharf)),
      init_date: project.init_date ?? null,
      end_date: project.end_date ?? null,
    },
    vessel: names.vessel ?? null,
    port: names.port ?? null,
    country: names.country ?? null,
    previous_port: names.previous_port ?? null,
    next_port: names.next_port ?? null,
    times,
    events,
    days,
    totals: {
      hours_worked: sumHours(days.map((day) => day.hours_worked)),
      hours_stopped: sumHours(days.map((day) => day.hours_stopped)),
      stopped_by,
      quantity: milliToText(quantity),
      tons: (tonHundredths / 100).toFixed(2),
    },
    remarks: text(pick(report?.remarks, project.remarks)),
  };
}

/** The hash a signature carries: SHA-256 of the content's canonical JSON. */
export function sofHash(content: SofContent): string {
  return sha256Hex(canonicalJson(content));
}

/** A name in the report's language: the Spanish one when there is one. */
export function nameIn(name: SofName | null | undefined, language: 'en' | 'es'): string {
  if (!name) return '';
  return language === 'es' && name.es ? name.es : name.en;
}

/** A row's names in both languages (a translated list's English and Spanish fields; else its label). */
export function sofName(
  resource: string,
  row: Readonly<Record<string, unknown>> | null | undefined,
): SofName | null {
  if (!row) return null;
  const translated = getResource(resource)?.translated;
  const spanish = translated ? row[translated.es] : null;
  return {
    en: lookupLabel(resource, row, 'en'),
    es: typeof spanish === 'string' && spanish ? spanish : null,
  };
}
