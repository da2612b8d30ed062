// How the API documentation names a resource: its records in words (operation ids and summaries) and
// the tag an integrator looks for it under. A resource not listed here gets names made from its REST
// name and the tag of its kind, so a new resource is documented the day it is added.
import type { Resource } from '../../../src/domain/resource.js';

export const API_TAGS = {
  signIn: 'Sign-in',
  calls: 'Calls',
  cargo: 'Cargo',
  shifts: 'Shifts',
  incidences: 'Incidences',
  reports: 'Reports',
  files: 'Files',
  reference: 'Reference data',
  webhooks: 'Webhooks',
  access: 'Customer access',
  sync: 'Device sync',
  service: 'Service',
} as const;

type ApiTag = (typeof API_TAGS)[keyof typeof API_TAGS];

interface Names {
  /** One record, in words: 'packing item'. */
  one: string;
  many: string;
  tag: ApiTag;
}

const NAMES: Record<string, Partial<Names>> = {
  users: { one: 'user', many: 'users' },
  country: { many: 'countries' },
  commodity: { many: 'commodities' },
  accounts: { one: 'account', many: 'accounts' },
  'project-status': { many: 'project statuses' },
  'report-status': { many: 'report statuses' },
  'incidence-status': { many: 'incidence statuses' },
  event: { one: 'event type', many: 'event types' },
  project: { one: 'project', many: 'projects', tag: API_TAGS.calls },
  'project-event': { tag: API_TAGS.calls },
  hand: { tag: API_TAGS.shifts },
  'hand-event': { tag: API_TAGS.shifts },
  'hand-incidence': { tag: API_TAGS.shifts },
  'packing-list': { one: 'packing item', many: 'packing items', tag: API_TAGS.cargo },
  'remaining-parts': { one: 'remaining parts record', many: 'remaining parts records', tag: API_TAGS.cargo },
  incidence: { tag: API_TAGS.incidences },
  'coil-report': { tag: API_TAGS.reports },
  'sof-report': { one: 'SOF report', many: 'SOF reports', tag: API_TAGS.reports },
  'prompter-report': { tag: API_TAGS.reports },
  'container-report': { tag: API_TAGS.reports },
  attachment: { tag: API_TAGS.files },
};

/** The names of a resource in the documentation. */
export function apiNames(resource: Resource): Names {
  const given = NAMES[resource.name] ?? {};
  const one = given.one ?? resource.name.replaceAll('-', ' ');
  return {
    one,
    many: given.many ?? `${one}s`,
    tag: given.tag ?? (resource.kind === 'lookup' ? API_TAGS.reference : API_TAGS.calls),
  };
}

/** 'packing item' -> 'PackingItem', 'SOF report' -> 'SofReport' (operation ids: listPackingItems, getSofReport). */
export const pascal = (words: string) =>
  words
    .split(/[\s-]+/)
    .map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase())
    .join('');
