// The registry of synced resources: the one place the server engine, OpenAPI, the sync layer and
// the Dexie schema learn what exists. Decisions (where the spec says "not shown"):
// - Ids are UUIDv7 text; refs are uuid columns named as the spec's field (customer, vessel...).
// - Decimals (quantities, kg weights, ratios) are numeric(14,3), carried as canonical text with
//   3 decimals ('12.500'), never as floats; a JSON number typed by a person is accepted.
// - Date-times are ISO 8601 in, UTC ISO out; one without a zone is taken as UTC.
// - Packing commodity is a ref to the commodity lookup; the lookup's fixed `code` (aluminium,
//   coil, granite, other) drives the rules (label colors: aluminium; damage: coil; other_damage:
//   coil, granite), which need the commodity row, so they are cross-record rules below.
// - A project's hands, hand events and hand incidences carry a server-derived `project`.
// - Lists end their order with id; statuses, activities and event types list in seed order (id).
// - Optional fields are nullable; booleans and lists are NOT NULL with a default.
// - Unique sets apply to live rows only (deleted rows are tombstones); null never collides.
// - hand-event ot/ot2 are overtime flags; hour_from/hour_to are 'HH:mm' and may cross midnight.
// - Page size: entities 10 (max 1000), remaining-parts 5, lookups 999 (max 999).
// - users is the foundation's table, a read-only lookup here (username, first and last name).
// - validation_prompter_identifier is a users ref (the prompter); lift_id a plain uuid.
// - Lookups carry a fixed code where logic reads them: commodity.code, project-activity.operation
//   (Charge, Discharge), incidence-type.code, event.kind and delay_attribution.
// - A project event's `hands` is not a column: list hand?event=<id>.
// - SOF signatures (sof-signature.ts) carry their image inline and are immutable once made.
import { attachment } from './attachment';
import { coilReport } from './coil-report';
import { allFields } from './columns';
import { containerReport } from './container-report';
import { hand } from './hand';
import { handEvent } from './hand-event';
import { handIncidence } from './hand-incidence';
import { incidence } from './incidence';
import { accounts } from './lookups/accounts';
import { commodity } from './lookups/commodity';
import { country } from './lookups/country';
import { craneType } from './lookups/crane-type';
import { event } from './lookups/event';
import { incidenceStatus } from './lookups/incidence-status';
import { incidenceType } from './lookups/incidence-type';
import { port } from './lookups/port';
import { projectActivity } from './lookups/project-activity';
import { projectStatus } from './lookups/project-status';
import { reportStatus } from './lookups/report-status';
import { users } from './lookups/users';
import { vessel } from './lookups/vessel';
import { packingList } from './packing-list';
import { project } from './project';
import { projectEvent } from './project-event';
import { prompterReport } from './prompter-report';
import { remainingParts } from './remaining-parts';
import type { Resource } from './resource';
import { sofReport } from './sof-report';
import { sofSignature } from './sof-signature';

/** Every resource by name, in dependency order: a ref always points to an earlier resource. */
export const resources = {
  users,
  country,
  commodity,
  port,
  accounts,
  vessel,
  'project-status': projectStatus,
  'report-status': reportStatus,
  'project-activity': projectActivity,
  event,
  'crane-type': craneType,
  'incidence-status': incidenceStatus,
  'incidence-type': incidenceType,
  project,
  'project-event': projectEvent,
  hand,
  'hand-event': handEvent,
  'hand-incidence': handIncidence,
  'packing-list': packingList,
  'remaining-parts': remainingParts,
  incidence,
  'coil-report': coilReport,
  'sof-report': sofReport,
  'sof-signature': sofSignature,
  'prompter-report': prompterReport,
  'container-report': containerReport,
  attachment,
} as const;

export type ResourceName = keyof typeof resources;

/** Names in dependency order (parents first: the order to create tables, seed and push). */
export const resourceNames = Object.keys(resources) as ResourceName[];

export function isResourceName(name: string): name is ResourceName {
  return Object.hasOwn(resources, name);
}

/** The resource named `name` (its REST path segment), or undefined. */
export function getResource(name: string): Resource | undefined {
  return isResourceName(name) ? resources[name] : undefined;
}

export interface RefInfo {
  /** The resource pointed to. */
  readonly resource: ResourceName;
  /** Its fields shown beside the id on reads. */
  readonly display: readonly string[];
  /** A ref list (uuid[]) rather than one ref. */
  readonly many: boolean;
}

/** The refs of a resource, by field, with what to show of each. */
export function refsOf(resource: Resource): Record<string, RefInfo> {
  const refs: Record<string, RefInfo> = {};
  for (const [name, descriptor] of Object.entries(allFields(resource))) {
    const target = descriptor.info.ref;
    if (!target) continue;
    if (!isResourceName(target)) throw new Error(`${resource.name}.${name} refers to unknown ${target}`);
    refs[name] = {
      resource: target,
      display: resources[target].display,
      many: descriptor.info.kind === 'refList',
    };
  }
  return refs;
}

/** Resources the sync pull sends to every device, and those sent with their project. */
export const globalResources = resourceNames.filter((name) => resources[name].scope === 'global');
export const projectResources = resourceNames.filter((name) => resources[name].scope === 'project');

/** Dexie store declarations per resource: primary key id, then the indexes screens filter by. */
export const dexieStores: Record<ResourceName, string> = Object.fromEntries(
  resourceNames.map((name) => [name, ['id', ...resources[name].dexieIndexes].join(', ')]),
) as Record<ResourceName, string>;
