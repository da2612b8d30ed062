import { describe, expect, it } from 'vitest';
import { handFields } from '../../domain/hand';
import { handEventFields } from '../../domain/hand-event';
import { handIncidenceFields } from '../../domain/hand-incidence';
import { HAND_EVENT_FIELDS, HAND_FIELDS, HAND_INCIDENCE_FIELDS } from './fields';

describe('hand forms', () => {
  it('show every writable field but the parent', () => {
    const without = (fields: object, parent: string) =>
      Object.keys(fields)
        .filter((name) => name !== parent)
        .sort();
    expect([...HAND_FIELDS].sort()).toEqual(without(handFields, 'event'));
    expect([...HAND_EVENT_FIELDS].sort()).toEqual(without(handEventFields, 'hand'));
    expect([...HAND_INCIDENCE_FIELDS].sort()).toEqual(without(handIncidenceFields, 'hand'));
  });
});
