import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { coilReportSchema } from './coil-report';
import { containerReportSchema } from './container-report';
import { handSchema } from './hand';
import { uuidv7 } from './ids';
import { incidenceSchema } from './incidence';
import { eventSchema } from './lookups/event';
import { messages } from './messages';
import { packingListSchema } from './packing-list';
import { projectSchema } from './project';
import { projectEventSchema } from './project-event';
import { remainingPartsSchema } from './remaining-parts';

/** The DRF-shaped errors of a failed parse: {field: [messages]}. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

const projectId = uuidv7();

describe('project', () => {
  it('needs a name, and says so in DRF words', () => {
    expect(errorsOf(projectSchema, {})).toEqual({ name: [messages.required] });
    expect(errorsOf(projectSchema, { name: '  ' })).toEqual({ name: [messages.blank] });
    expect(errorsOf(projectSchema, { name: null })).toEqual({ name: [messages.null] });
  });

  it('normalises values and drops unknown keys', () => {
    const parsed = projectSchema.parse({
      name: ' Star Lindesnes 2411 ',
      init_date: '2026-11-20',
      start_ops: '2026-11-20T08:00',
      hl_commodity_wt: 23500,
      customer: projectId.toUpperCase(),
      remarks: '',
      project_summary: { hacked: true },
    });
    expect(parsed).toMatchObject({
      name: 'Star Lindesnes 2411',
      start_ops: '2026-11-20T08:00:00.000Z',
      hl_commodity_wt: '23500.000',
      customer: projectId,
      remarks: '',
    });
    expect(parsed).not.toHaveProperty('project_summary');
  });

  it('names the field of a bad value', () => {
    expect(
      errorsOf(projectSchema, {
        name: 'x',
        init_date: '2026-02-30',
        vessel: 'not-an-id',
        number_gangs: -1,
        data_entry_completed: 'yes',
      }),
    ).toEqual({
      init_date: [messages.noSuchDate('2026-02-30')],
      vessel: [messages.uuid],
      number_gangs: [messages.minValue(0)],
      data_entry_completed: [messages.boolean],
    });
  });

  it('keeps the end after the start', () => {
    expect(errorsOf(projectSchema, { name: 'x', init_date: '2026-11-20', end_date: '2026-11-19' })).toEqual({
      end_date: [messages.notBefore('project', 'init_date')],
    });
    expect(errorsOf(projectSchema, { name: 'x', init_date: '2026-11-20', end_date: '2026-11-20' })).toEqual(
      {},
    );
  });
});

describe('packing list', () => {
  const item = { project: projectId, reference: 'CL-24-001234', commodity: uuidv7() };

  it('takes decimals for quantities and kg weights, never floats', () => {
    const parsed = packingListSchema.parse({
      ...item,
      net_weight: '18450.5',
      gross_weight: 18600,
      quantity: 1,
    });
    expect(parsed).toMatchObject({ net_weight: '18450.500', gross_weight: '18600.000', quantity: '1.000' });
    expect(errorsOf(packingListSchema, { ...item, quantity: 'abc' })).toEqual({
      quantity: [messages.number],
    });
  });

  it('refuses a gross weight under the net weight', () => {
    expect(errorsOf(packingListSchema, { ...item, net_weight: '9000', gross_weight: '8999.999' })).toEqual({
      gross_weight: [messages.notLess('packing-list', 'net_weight')],
    });
  });

  it('keeps label colors unique and from the packing set', () => {
    expect(errorsOf(packingListSchema, { ...item, label_color: ['red', 'gold', 'red'] })).toEqual({
      label_color: [messages.duplicate('red')],
    });
    expect(errorsOf(packingListSchema, { ...item, label_color: ['golden'] })).toEqual({
      label_color: [messages.choice('golden')],
    });
    expect(errorsOf(packingListSchema, { ...item, label_color: 'red' })).toEqual({
      label_color: [messages.list('a')],
    });
  });

  it('refuses an unknown location', () => {
    expect(errorsOf(packingListSchema, { ...item, location: 'deck' })).toEqual({
      location: [messages.choice('deck')],
    });
  });
});

describe('rules within one record', () => {
  it('a hand ends after it starts', () => {
    const hand = { event: uuidv7(), init_date: '2026-11-20T14:00', end_date: '2026-11-20T14:00' };
    expect(errorsOf(handSchema, hand)).toEqual({ end_date: [messages.after('hand', 'init_date')] });
    expect(errorsOf(handSchema, { ...hand, crew_count: -2 })).toHaveProperty('crew_count');
  });

  it('a project event may end when it starts, not before', () => {
    const base = { project: projectId, event: uuidv7(), init_date: '2026-11-20T08:00' };
    expect(errorsOf(projectEventSchema, { ...base, end_date: '2026-11-20T08:00' })).toEqual({});
    expect(errorsOf(projectEventSchema, { ...base, end_date: '2026-11-20T07:59' })).toEqual({
      end_date: [messages.notBefore('project-event', 'init_date')],
    });
  });

  it('a coil report needs commodity and activity', () => {
    expect(errorsOf(coilReportSchema, { project: projectId })).toEqual({
      commodity: [messages.required],
      activity: [messages.required],
    });
  });

  it('a stoppage type says who caused it, other kinds do not', () => {
    expect(errorsOf(eventSchema, { description: 'Rain', kind: 'stoppage' })).toEqual({
      delay_attribution: [messages.stoppageAttribution],
    });
    expect(
      errorsOf(eventSchema, { description: 'Rain', kind: 'stoppage', delay_attribution: 'weather' }),
    ).toEqual({});
    expect(
      errorsOf(eventSchema, { description: 'All fast', kind: 'milestone', delay_attribution: 'ship' }),
    ).toEqual({
      delay_attribution: [messages.onlyStoppage],
    });
  });

  it('loose counter quantities are decimals and colors unique', () => {
    expect(
      remainingPartsSchema.parse({ project: projectId, label_color: ['golden'], quantity: '2.5' }),
    ).toEqual({
      project: projectId,
      label_color: ['golden'],
      quantity: '2.500',
    });
    expect(
      errorsOf(remainingPartsSchema, { project: projectId, label_color: ['white', 'white'], quantity: 1 }),
    ).toEqual({ label_color: [messages.duplicate('white')] });
  });

  it('incidence users_interested is a list of distinct ids', () => {
    const user = uuidv7();
    const base = { project: projectId, description: 'Wrapping torn' };
    expect(errorsOf(incidenceSchema, { ...base, users_interested: [user, user] })).toHaveProperty(
      'users_interested',
    );
    expect(errorsOf(incidenceSchema, { ...base, users_interested: ['x'] })).toEqual({
      users_interested: [messages.uuid],
    });
  });

  it('container sides take the three conditions', () => {
    expect(
      errorsOf(containerReportSchema, { container_number: 'MSKU1234565', external_roof_status: 'bent' }),
    ).toEqual({ external_roof_status: [messages.choice('bent')] });
  });
});
