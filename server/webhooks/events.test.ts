// Which events a change makes, from its audit entry and the record as the API reads it.
import { describe, expect, it } from 'vitest';
import { eventsOf, mayMake } from './events.js';

const status = (name: string) => ({ id: 'x', name, name_es: name });

describe('eventsOf', () => {
  it('words creates, edits and deletes per resource, and the transitions an ERP waits for', () => {
    expect(eventsOf({ resource: 'project', action: 'create', changes: {} }, {})).toEqual(['project.created']);
    expect(
      eventsOf(
        { resource: 'project', action: 'update', changes: { data_entry_completed: [false, true] } },
        {},
      ),
    ).toEqual(['project.updated', 'project.completed']);
    expect(eventsOf({ resource: 'project', action: 'update', changes: { voyage: ['a', 'b'] } }, {})).toEqual([
      'project.updated',
    ]);
    expect(
      eventsOf({ resource: 'packing-list', action: 'update', changes: { validated: [false, true] } }, {}),
    ).toEqual(['packing_item.updated', 'packing_item.validated']);
    expect(eventsOf({ resource: 'packing-list', action: 'delete', changes: {} }, {})).toEqual([
      'packing_item.deleted',
    ]);
    expect(eventsOf({ resource: 'incidence', action: 'create', changes: {} }, {})).toEqual([
      'incidence.opened',
    ]);
    expect(
      eventsOf(
        { resource: 'incidence', action: 'update', changes: { status: ['a', 'b'] } },
        { status: status('Closed') },
      ),
    ).toEqual(['incidence.updated', 'incidence.closed']);
    expect(
      eventsOf(
        { resource: 'incidence', action: 'update', changes: { status: ['a', 'b'] } },
        { status: status('in progress') },
      ),
    ).toEqual(['incidence.updated']);
    expect(
      eventsOf({ resource: 'sof-report', action: 'update', changes: { remarks: ['', 'x'] } }, {}),
    ).toEqual(['report.ready']);
    expect(
      eventsOf(
        { resource: 'container-report', action: 'update', changes: { status: ['a', 'b'] } },
        { status: { id: 'b', description: 'completed', description_es: 'completado' } },
      ),
    ).toEqual(['container_report.completed']);
    expect(eventsOf({ resource: 'hand', action: 'create', changes: {} }, {})).toEqual([]);
  });

  it('reads a record only when an endpoint wants an event of its resource', () => {
    expect(mayMake('packing-list', new Set(['project.created']))).toBe(false);
    expect(mayMake('packing-list', new Set(['packing_item.validated']))).toBe(true);
    expect(mayMake('coil-report', new Set(['report.ready']))).toBe(true);
    expect(mayMake('hand', new Set(['report.ready', 'project.created']))).toBe(false);
  });
});
