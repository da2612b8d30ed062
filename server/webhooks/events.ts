// Which webhook events a change makes, read from its audit entry ({field: [before, after]}), so
// every path that writes (REST, sync push, import) sends them.
import type { WebhookEvent } from '../../src/domain/webhook-events.js';

export interface Change {
  resource: string;
  action: 'create' | 'update' | 'delete';
  changes: Record<string, unknown[]>;
}

/** The record as the API reads it; refs are {id, name...}. */
type Record_ = Record<string, unknown>;

const after = (change: Change, field: string) => change.changes[field]?.[1];
const changed = (change: Change, field: string) => field in change.changes;
const named = (ref: unknown, field: string) =>
  ref && typeof ref === 'object' ? String((ref as Record_)[field] ?? '').toLowerCase() : '';

const CLOSED = ['closed', 'resolved'];
const REPORTS = ['coil-report', 'sof-report', 'prompter-report'];

/** The generic event of a change: created, updated, deleted (with the resource's own words). */
function lifecycle(prefix: string, change: Change, created = 'created'): WebhookEvent {
  const word = change.action === 'create' ? created : change.action === 'delete' ? 'deleted' : 'updated';
  return `${prefix}.${word}` as WebhookEvent;
}

export function eventsOf(change: Change, record: Record_): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const live = change.action !== 'delete';
  switch (change.resource) {
    case 'project':
      events.push(lifecycle('project', change));
      if (
        live &&
        (after(change, 'data_entry_completed') === true ||
          (changed(change, 'completion_date') && after(change, 'completion_date')))
      )
        events.push('project.completed');
      break;
    case 'packing-list':
      events.push(lifecycle('packing_item', change));
      if (live && after(change, 'validated') === true) events.push('packing_item.validated');
      break;
    case 'incidence':
      events.push(lifecycle('incidence', change, 'opened'));
      if (live && changed(change, 'status') && CLOSED.includes(named(record.status, 'name')))
        events.push('incidence.closed');
      break;
    case 'container-report':
      if (live && changed(change, 'status') && named(record.status, 'description') === 'completed')
        events.push('container_report.completed');
      break;
    default:
      if (REPORTS.includes(change.resource) && live) events.push('report.ready');
  }
  return events;
}

const PREFIX: Record<string, string> = {
  project: 'project.',
  'packing-list': 'packing_item.',
  incidence: 'incidence.',
  'container-report': 'container_report.',
  ...Object.fromEntries(REPORTS.map((name) => [name, 'report.'])),
};

/** Whether a change of this resource can make one of these events (else its record is not even read). */
export const mayMake = (resource: string, wanted: Set<string>) =>
  PREFIX[resource] !== undefined && [...wanted].some((event) => event.startsWith(PREFIX[resource]));
