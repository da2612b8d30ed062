// A statement of facts' sources on the server: the SOF report row, the names of what it refers to in
// both languages, and the project's rows; src/domain/sof/content.ts makes the content from them, as
// the tablet does from its local store.
import { sql } from 'kysely';
import { lookupLabel } from '../../src/domain/reference/label.js';
import type { ResourceRow } from '../../src/domain/rows.js';
import { type SofContent, type SofName, sofContent, sofName } from '../../src/domain/sof/content.js';
import type { Database } from '../db/database.js';
import type { ProjectData } from './project-data.repository.js';

type Db = Database['db'];

/** The SOF report's fields the statement reads: its ports (refs as ids) and what replaces the project's. */
const SOF_REPORT_FIELDS = [
  'id',
  'previous_port',
  'port',
  'next_port',
  'berthing_wharf',
  'reported_and_ready',
  'time_to_count',
  'despatched',
  'eta_portcall',
  'etd_portcall',
  'remarks',
] as const satisfies readonly (keyof ResourceRow<'sof-report'>)[];

/** A SOF report row as stored (refs as ids), typed as the domain types it. */
export type SofReportRow = Pick<ResourceRow<'sof-report'>, (typeof SOF_REPORT_FIELDS)[number]>;

export async function findSofReport(
  db: Db,
  projectId: string,
  id: string,
): Promise<SofReportRow | undefined> {
  const result = await sql<SofReportRow>`
    select ${sql.join(SOF_REPORT_FIELDS.map((field) => sql.ref(field)))}
    from sof_report where id = ${id} and project = ${projectId} and deleted_at is null`.execute(db);
  return result.rows[0];
}

type Row = Readonly<Record<string, unknown>>;

/** Rows of a lookup table by id (every live row when `ids` is absent). */
async function lookupRows(
  db: Db,
  table: 'port' | 'event',
  ids?: readonly (string | null)[],
): Promise<Map<string, Row>> {
  const wanted = ids?.filter((id): id is string => Boolean(id));
  if (wanted && wanted.length === 0) return new Map();
  const result = await sql<Row & { id: string }>`select * from ${sql.table(table)}
    where ${wanted ? sql`id in (${sql.join(wanted)})` : sql`deleted_at is null`}`.execute(db);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** The SOF the project's rows and its report row show, times in `timeZone` (names in both languages). */
export async function loadSofContent(
  db: Db,
  data: ProjectData,
  report: SofReportRow | undefined,
  timeZone: string,
): Promise<SofContent> {
  const project = data.project;
  const [ports, eventTypes] = await Promise.all([
    lookupRows(db, 'port', [report?.port ?? null, report?.previous_port ?? null, report?.next_port ?? null]),
    lookupRows(db, 'event'),
  ]);
  // A port of the SOF report row replaces the project's.
  const port = (own: string | null | undefined, projects: Row | null) =>
    sofName('port', own ? (ports.get(own) ?? null) : projects);
  const eventNames = new Map<string, SofName>();
  for (const [id, row] of eventTypes) eventNames.set(id, sofName('event', row) ?? { en: '', es: null });
  return sofContent({
    ...data,
    sofProject: project,
    report: report ?? null,
    names: {
      vessel: sofName('vessel', project.refs.vessel),
      port: port(report?.port, project.refs.port),
      // A SOF report naming its own port leaves the project's country out (it may not be that port's).
      country: report?.port ? null : sofName('country', project.refs.country),
      previous_port: port(report?.previous_port, project.refs.previous_port),
      next_port: port(report?.next_port, project.refs.next_port),
      customer: project.refs.customer ? lookupLabel('accounts', project.refs.customer, 'en') : null,
    },
    eventNames,
    timeZone,
  });
}
