import { describe, expect, it } from 'vitest';
import { at, hand, ids, incidence, input, item, stoppage } from './fixtures';
import { format2 } from './format';
import { parseTonsKey, projectSummaries } from './summary';

describe('project_summary', () => {
  it('counts overlapping hands once and clips stoppages to the working time', () => {
    // H1 06-14 and H2 10-18 overlap: gross 12 h (06-18), not 16. Rain 13-15 lies inside (2 h);
    // the crane stops 17-19, of which 17-18 is worked (1 h). Net 12 - 3 = 9 h.
    const summary = projectSummaries(
      input({
        hands: [hand('h1', at(21, 6), at(21, 14)), hand('h2', at(21, 10), at(21, 18))],
        events: [
          stoppage('rain', ids.rain, at(21, 13), at(21, 15)),
          stoppage('crane', ids.crane, at(21, 17), at(21, 19)),
        ],
        packingList: [
          item({ validation_hand: 'h1', net_weight: '1000.125', lift_id: 'L1', validation_hold: 1 }),
          item({ validation_hand: 'h1', net_weight: '2000.250', lift_id: 'L1', validation_hold: 1 }),
          item({ validation_hand: 'h1', net_weight: '3000.333', lift_id: 'L2', validation_hold: 2 }),
          item({ validation_hand: 'h2', net_weight: '1500.001', validation_hold: 2 }),
          item({ validation_hand: 'h2', net_weight: '1499.999', validation_hold: 2 }),
          item({ validation_hand: 'h2', net_weight: '999.000', validated: false }),
        ],
      }),
    );
    expect(summary.project_summary).toHaveLength(1);
    const [row] = summary.project_summary;
    expect(row).toMatchObject({
      commodity: ids.coil,
      commodity_code: 'coil',
      activity_name: 'Discharge',
      operation: 'Discharge',
      hands: 2,
      quantity: '5.000',
      net_weight_kg: '9000.708',
      tons: '9.00',
      lifts: 4, // L1, L2 and two items without a lift id
      gross_time: 12,
      delay: 3,
      net_time: 9,
      effective_time: 9,
      net_time_stevedore: 10, // only the rain (not the stevedore's) comes off
    });
    expect(row?.delay_by).toEqual({ ship: 0, stevedore: 1, receiver: 0, weather: 2, authority: 0, other: 0 });
    expect(row?.tons_ratio).toBeCloseTo(9.000708 / 9, 12);
    expect(row?.tons_hour).toBe(row?.tons_ratio);
    expect(row?.load_ratio).toBeCloseTo(5 / 9, 12);
    expect(row?.coils_hour).toBe(row?.load_ratio);
    expect(row?.lifting_rate).toBeCloseTo(4 / 9, 12);
    expect(summary.tons_summary).toEqual({ coil_1: '3.00', coil_2: '6.00' });
    expect(summary.commodity_summary.coil_1?.[0]).toMatchObject({
      hands: 1,
      quantity: '2.000',
      gross_time: 8,
    });
  });

  it('counts a stoppage spanning two shifts only where a gang was at work', () => {
    // H1 20:00-02:00, nobody 02-06, H2 06:00-12:00. Rain 00:00-08:00 stops 00-02 and 06-08: 4 h, not 8.
    const [row] = projectSummaries(
      input({
        hands: [hand('h1', at(20, 20), at(21, 2)), hand('h2', at(21, 6), at(21, 12))],
        events: [stoppage('rain', ids.rain, at(21, 0), at(21, 8))],
        packingList: [item({ validation_hand: 'h1' }), item({ validation_hand: 'h2' })],
      }),
    ).project_summary;
    expect(row).toMatchObject({ gross_time: 12, delay: 4, net_time: 8, hands: 2 });
    expect(row?.load_ratio).toBe(2 / 8);
  });

  it('gives no ratio (null, shown —) when the whole shift was stopped', () => {
    const summary = projectSummaries(
      input({
        hands: [hand('h1', at(21, 8), at(21, 10))],
        events: [stoppage('rain', ids.rain, at(21, 7), at(21, 11))],
        packingList: [item({ validation_hand: 'h1', net_weight: '25000.000' })],
      }),
    );
    const [row] = summary.project_summary;
    expect(row).toMatchObject({ gross_time: 2, delay: 2, net_time: 0, tons: '25.00' });
    for (const ratio of ['tons_ratio', 'load_ratio', 'coils_hour', 'tons_hour', 'lifting_rate'] as const) {
      expect(row?.[ratio]).toBeNull();
      expect(format2(row?.[ratio] ?? null)).toBe('—');
    }
  });

  it('leaves a hand that validated nothing out of every group', () => {
    const [row] = projectSummaries(
      input({
        hands: [hand('h1', at(21, 6), at(21, 12)), hand('idle', at(21, 0), at(21, 23))],
        handIncidences: [incidence('i-idle', 'idle', at(21, 1), at(21, 5))],
        packingList: [item({ validation_hand: 'h1' })],
      }),
    ).project_summary;
    expect(row).toMatchObject({ hands: 1, gross_time: 6, delay: 0, net_time: 6 });
  });

  it("counts a group hand's incidences as stoppages, by the issue's cause, and not another group's", () => {
    const summary = projectSummaries(
      input({
        hands: [hand('h1', at(21, 6), at(21, 12)), hand('h2', at(21, 6), at(21, 12), ids.charge)],
        handIncidences: [
          incidence('vessel', 'h1', at(21, 7), at(21, 8), ['vessel']),
          incidence('other-group', 'h2', at(21, 9), at(21, 11), ['machines']),
          { ...incidence('deleted', 'h1', at(21, 9), at(21, 11)), deleted_at: at(22, 0) },
          { id: 'no-end', hand: 'h1', issue: [], init_date: at(21, 10), end_date: null },
        ],
        packingList: [
          item({ validation_hand: 'h1' }),
          item({ validation_hand: 'h2', commodity: ids.granite }),
        ],
      }),
    );
    const [coil, granite] = summary.project_summary;
    expect(coil).toMatchObject({ activity_name: 'Discharge', delay: 1, net_time: 5 });
    expect(coil?.delay_by.ship).toBe(1);
    expect(granite).toMatchObject({
      commodity_code: 'granite',
      activity_name: 'Charge',
      delay: 2,
      net_time: 4,
    });
    expect(granite?.delay_by.stevedore).toBe(2);
    expect(summary.total).toMatchObject({ commodity: null, hands: 2, gross_time: 6, delay: 3, net_time: 3 });
  });

  it('adds weights exactly, whatever their number', () => {
    // 0.001 kg a thousand times is 1.000 kg; as floats it would be 1.0000000000000007.
    const many = Array.from({ length: 1000 }, () => item({ validation_hand: null, net_weight: '0.001' }));
    const half = [item({ validation_hand: null, net_weight: '5.000', commodity: ids.granite })];
    const summary = projectSummaries(input({ packingList: [...many, ...half] }));
    const coil = summary.project_summary.find((row) => row.commodity_code === 'coil');
    expect(coil?.net_weight_kg).toBe('1.000');
    expect(coil?.quantity).toBe('1000.000');
    // 5 kg is 0.005 t, which rounds half up to 0.01.
    expect(summary.tons_summary).toEqual({ coil_none: '0.00', granite_none: '0.01' });
    expect(coil?.gross_time).toBe(0);
    expect(coil?.tons_ratio).toBeNull();
  });

  it('counts processed units, or the quantity when the tally recorded none', () => {
    const [row] = projectSummaries(
      input({
        packingList: [
          item({ validation_hand: null, quantity: '10.000', processed_quantity: '7.500' }),
          item({ validation_hand: null, quantity: '3.000', processed_quantity: '0.000' }),
        ],
      }),
    ).project_summary;
    expect(row?.quantity).toBe('10.500');
  });

  it('answers empty summaries for a project without validations', () => {
    const summary = projectSummaries(input({ hands: [hand('h1', at(21, 6), at(21, 12))] }));
    expect(summary.project_summary).toEqual([]);
    expect(summary.tons_summary).toEqual({});
    expect(summary.total).toMatchObject({ quantity: '0.000', tons: '0.00', gross_time: 0, tons_ratio: null });
  });

  it('falls back to the working-shift event dates and the project activity', () => {
    const [row] = projectSummaries(
      input({
        project: { activity: ids.charge },
        hands: [{ ...hand('h1', null, null), activity: null }],
        packingList: [item({ validation_hand: 'h1' })],
      }),
    ).project_summary;
    expect(row).toMatchObject({ activity_name: 'Charge', gross_time: 48 });
  });

  it('splits a tons_summary key into commodity and hold', () => {
    expect(parseTonsKey('coil_3')).toEqual({ commodity: 'coil', hold: 3 });
    expect(parseTonsKey('granite_none')).toEqual({ commodity: 'granite', hold: null });
  });
});

describe('tonnes that add up', () => {
  it('rounds the holds and the groups so they add up to the total shown', () => {
    // Five holds of 1,244.881 kg: each rounded alone is 1.24 t, 6.20 t in all, against a whole of
    // 6,224.405 kg = 6.22 t (before, the rows showed 6.20 and the total 6.22).
    const holds = [1, 2, 3, 4, 5].map((hold) =>
      item({ validation_hand: 'h1', net_weight: '1244.881', validation_hold: hold }),
    );
    const granite = item({ validation_hand: 'h1', net_weight: '0.004', validation_hold: 1 });
    const summary = projectSummaries(
      input({
        hands: [hand('h1', at(21, 6), at(21, 14))],
        packingList: [...holds, { ...granite, commodity: ids.granite }],
      }),
    );
    const hundredths = (text: string) => Math.round(Number(text) * 100);
    const sum = (texts: string[]) => texts.reduce((total, text) => total + hundredths(text), 0);
    expect(summary.total.tons).toBe('6.22');
    expect(sum(Object.values(summary.tons_summary))).toBe(622);
    expect(sum(summary.project_summary.map((row) => row.tons))).toBe(622);
    for (const [key, rows] of Object.entries(summary.commodity_summary))
      expect(sum(rows.map((row) => row.tons))).toBe(hundredths(summary.tons_summary[key] ?? ''));
  });
});
