// A project's rows for its reports, read straight from the tables: one query per table, live rows
// only. The rows keep the domain's field names, so the ratio functions read them as they are.
import { sql } from 'kysely';
import { isUuid } from '../../src/domain/ids.js';
import type { RatiosInput } from '../../src/domain/ratios/index.js';
import { lookupLabel } from '../../src/domain/reference/label.js';
import { resources } from '../../src/domain/registry.js';
import type { ResourceRow } from '../../src/domain/rows.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { readCondition } from '../resources/engine/access.js';

type Db = Database['db'];

/** The project's own fields the report headers show, read as the domain types them. */
const HEADER_FIELDS = [
  'id',
  'code',
  'name',
  'activity',
  'init_date',
  'end_date',
  'voyage',
  'dock',
  'agency',
  'applicant',
  'quay',
  'berthing_wharf',
  'remarks',
  'start_ops',
  'end_ops',
  'reported_and_ready',
  'time_to_count',
  'despatched',
  'eta_portcall',
  'etd_portcall',
] as const satisfies readonly (keyof ResourceRow<'project'>)[];

/** Header names that come from a reference list, the resource each is read from. */
const namedRefs = {
  vessel: 'vessel',
  port: 'port',
  country: 'country',
  customer: 'accounts',
  previous_port: 'port',
  next_port: 'port',
  status: 'project-status',
  activity: 'project-activity',
  commodity: 'commodity',
} as const;
type NamedRef = keyof typeof namedRefs;

/** The project with the names of what it refers to (header blocks): `vessel_name`, `port_name`... */
export type ProjectHeader = Pick<ResourceRow<'project'>, (typeof HEADER_FIELDS)[number]> & {
  [Ref in NamedRef as `${Ref}_name`]: string | null;
} & {
  /** The referenced rows whose names the header shows: renamed in a language by projectInLanguage. */
  refs: Readonly<Record<NamedRef, Readonly<Record<string, unknown>> | null>>;
};

/** The header with every reference list's name in `language` (lookupLabel, as the app's screens). */
export function projectInLanguage(project: ProjectHeader, language: string): ProjectHeader {
  const names = Object.fromEntries(
    (Object.keys(namedRefs) as NamedRef[]).map((key) => [
      `${key}_name`,
      lookupLabel(namedRefs[key], project.refs[key], language) || null,
    ]),
  );
  return { ...project, ...names };
}

/** The project if the caller may read it (customer tokens: their account's projects), else 404. */
export async function findProjectHeader(
  db: Db,
  principal: Principal | null,
  id: string,
): Promise<ProjectHeader> {
  if (!isUuid(id)) throw notFound();
  const access = readCondition(resources.project, principal, 't');
  const result = await sql<ProjectHeader>`
    select ${sql.join(HEADER_FIELDS.map((field) => sql.ref(`t.${field}`)))},
      json_build_object('vessel', to_jsonb(v), 'port', to_jsonb(p), 'country', to_jsonb(c),
        'customer', to_jsonb(a), 'previous_port', to_jsonb(pp), 'next_port', to_jsonb(np),
        'status', to_jsonb(s), 'activity', to_jsonb(pa), 'commodity', to_jsonb(cm)) as refs
    from project t
      left join vessel v on v.id = t.vessel
      left join port p on p.id = t.port
      left join country c on c.id = t.country
      left join accounts a on a.id = t.customer
      left join port pp on pp.id = t.previous_port
      left join port np on np.id = t.next_port
      left join project_status s on s.id = t.status
      left join project_activity pa on pa.id = t.activity
      left join commodity cm on cm.id = t.commodity
    where t.id = ${id} and t.deleted_at is null ${access ? sql`and ${access}` : sql``}`.execute(db);
  const row = result.rows[0];
  if (!row) throw notFound();
  return projectInLanguage(row, 'en');
}

interface ProjectEventDetail {
  id: string;
  event: string;
  init_date: string;
  end_date: string | null;
  notes: string | null;
  number_gangs: number | null;
}

/** A validated item as the ratios read it (the coil and SOF reports). */
interface PackingRatio {
  commodity: string;
  quantity: string;
  processed_quantity: string;
  net_weight: string | null;
  validated: boolean;
  validation_datetime: string | null;
  validation_hand: string | null;
  validation_hold: number | null;
  lift_id: string | null;
}

/** A validated item with what the prompter report lists besides (reference, who validated it). */
export interface PackingDetail extends PackingRatio {
  id: string;
  reference: string;
  validation_prompter_identifier: string | null;
}

/** Any item of the list with what the coil report lists (weights, damage), validated or not. */
export interface PackingCoil extends PackingRatio {
  id: string;
  reference: string;
  gross_weight: string | null;
  damage: string[];
  other_damage: string | null;
  requires_attention: boolean;
}

export interface ProjectData<Item extends PackingRatio = PackingRatio> extends RatiosInput {
  project: ProjectHeader;
  events: ProjectEventDetail[];
  eventTypes: {
    id: string;
    description: string;
    kind: 'milestone' | 'working' | 'stoppage';
    delay_attribution: RatiosInput['eventTypes'][number]['delay_attribution'];
  }[];
  hands: {
    id: string;
    event: string;
    activity: string | null;
    init_date: string | null;
    end_date: string | null;
    description: string | null;
    gang_no: number | null;
  }[];
  /** Validated items only (the ratio functions count nothing else), but for the coil report: all. */
  packingList: Item[];
}

const RATIO_COLUMNS = `commodity, quantity, processed_quantity, net_weight, validated,
  validation_datetime, validation_hand, validation_hold, lift_id`;
// More columns (uuids above all) for 20,000 items cost a quarter more of the read: each report asks
// only for its own.
const ITEMS = {
  ratios: sql.raw(`${RATIO_COLUMNS} from packing_list where validated and`),
  details: sql.raw(`${RATIO_COLUMNS}, id, reference, validation_prompter_identifier
    from packing_list where validated and`),
  coils: sql.raw(`${RATIO_COLUMNS}, id, reference, gross_weight, damage, other_damage, requires_attention
    from packing_list where`),
};

/**
 * Everything the SOF reads, for one project (validated items only); event types, commodities and
 * activities named in `language`.
 */
export function loadProjectData(db: Db, project: ProjectHeader, language = 'en'): Promise<ProjectData> {
  return load<PackingRatio>(db, project, 'ratios', language);
}

/** The same with each item's id, reference and prompter (the prompter report). */
export function loadProjectDetails(
  db: Db,
  project: ProjectHeader,
  language = 'en',
): Promise<ProjectData<PackingDetail>> {
  return load<PackingDetail>(db, project, 'details', language);
}

/** The same with every item of the list, validated or not, with weights and damage (the coil report). */
export function loadProjectCoils(
  db: Db,
  project: ProjectHeader,
  language = 'en',
): Promise<ProjectData<PackingCoil>> {
  return load<PackingCoil>(db, project, 'coils', language);
}

async function load<Item extends PackingRatio>(
  db: Db,
  project: ProjectHeader,
  items: keyof typeof ITEMS,
  language: string,
): Promise<ProjectData<Item>> {
  const id = project.id;
  const [events, eventTypes, hands, handIncidences, packingList, commodities, activities] = await Promise.all(
    [
      sql<ProjectEventDetail>`select id, event, init_date, end_date, notes, number_gangs from project_event
      where project = ${id} and deleted_at is null order by init_date, id`.execute(db),
      sql<
        ProjectData['eventTypes'][number] & { description_es: string | null }
      >`select id, description, description_es, kind, delay_attribution
      from event where deleted_at is null`.execute(db),
      sql<ProjectData['hands'][number]>`select id, event, activity, init_date, end_date, description, gang_no
      from hand where project = ${id} and deleted_at is null order by init_date, id`.execute(db),
      sql<
        RatiosInput['handIncidences'][number]
      >`select id, hand, issue, init_date, end_date from hand_incidence
      where project = ${id} and deleted_at is null`.execute(db),
      sql<Item>`select ${ITEMS[items]} project = ${id} and deleted_at is null order by reference, id`.execute(
        db,
      ),
      sql<
        RatiosInput['commodities'][number]
      >`select id, code, name, name_es from commodity where deleted_at is null`.execute(db),
      sql<RatiosInput['activities'][number]>`select id, name, name_es, operation from project_activity
      where deleted_at is null`.execute(db),
    ],
  );
  return {
    project,
    events: events.rows,
    eventTypes: eventTypes.rows.map(({ description_es, ...row }) => ({
      ...row,
      description: lookupLabel('event', { ...row, description_es }, language),
    })),
    hands: hands.rows,
    handIncidences: handIncidences.rows,
    packingList: packingList.rows,
    commodities: commodities.rows.map((row) => ({ ...row, name: lookupLabel('commodity', row, language) })),
    activities: activities.rows.map((row) => ({
      ...row,
      name: lookupLabel('project-activity', row, language),
    })),
  };
}

/** One live report row (coil-report, sof-report, prompter-report) of the project, or undefined. */
export async function findProjectReport<T>(
  db: Db,
  table: 'coil_report' | 'sof_report' | 'prompter_report',
  projectId: string,
  reportId: string,
): Promise<T | undefined> {
  const result = await sql<T>`select * from ${sql.table(table)}
    where id = ${reportId} and project = ${projectId} and deleted_at is null`.execute(db);
  return result.rows[0];
}

export interface UserName {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
}

/** Names of the users with these ids. */
export async function findUserNames(db: Db, ids: readonly string[]): Promise<Map<string, UserName>> {
  if (ids.length === 0) return new Map();
  const result = await sql<UserName>`select id, username, first_name, last_name from users
    where id in (${sql.join([...ids])})`.execute(db);
  return new Map(result.rows.map((row) => [row.id, row]));
}
