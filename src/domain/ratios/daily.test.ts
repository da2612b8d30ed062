import { describe, expect, it } from 'vitest';
import { dailyRows } from './daily';
import { at, hand, ids, input, item, stoppage } from './fixtures';

const night = input({
  hands: [hand('h1', at(20, 20), at(21, 2)), hand('h2', at(21, 6), at(21, 12))],
  events: [stoppage('rain', ids.rain, at(21, 0), at(21, 8))],
  packingList: [
    item({ validation_hand: 'h1', net_weight: '1500.000', validation_datetime: at(20, 21, 30) }),
    item({ validation_hand: 'h2', net_weight: '2000.500', validation_datetime: at(21, 9, 15) }),
    item({ validation_hand: 'h2', net_weight: '2000.500', validation_datetime: at(21, 9, 45) }),
  ],
});

const brief = (rows: ReturnType<typeof dailyRows>) =>
  rows.map(({ date, hours_worked, hours_stopped, gangs, quantity, tons }) => ({
    date,
    hours_worked,
    hours_stopped,
    gangs,
    quantity,
    tons,
  }));

describe('dailyRows', () => {
  it('splits hours worked, hours stopped, gangs and quantity by calendar day', () => {
    expect(brief(dailyRows(night))).toEqual([
      { date: '2026-11-20', hours_worked: 4, hours_stopped: 0, gangs: 1, quantity: '1.000', tons: '1.50' },
      { date: '2026-11-21', hours_worked: 8, hours_stopped: 4, gangs: 2, quantity: '2.000', tons: '4.00' },
    ]);
    expect(dailyRows(night)[1]?.stopped_by.weather).toBe(4);
    expect(dailyRows(night)[1]?.stopped_by.stevedore).toBe(0);
  });

  it('reads days in the given time zone', () => {
    // In Asia/Karachi (UTC+5) all of H1 (01:00-07:00 local) and H2 (11:00-17:00 local) fall on the 21st.
    const rows = dailyRows(night, { timeZone: 'Asia/Karachi' });
    expect(rows.map((row) => [row.date, row.hours_worked, row.gangs])).toEqual([['2026-11-21', 12, 2]]);
    expect(rows[0]?.start).toBe('2026-11-20T19:00:00.000Z');
  });

  it('gives the day the clocks go back 25 hours and splits at local midnight on both sides', () => {
    // Spain, Sunday 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00 UTC). A gang works from
    // Saturday 20:00 CEST (18:00 UTC) to Sunday 20:00 CET (19:00 UTC): 25 hours of work.
    const call = input({
      hands: [hand('h1', '2026-10-24T18:00:00.000Z', '2026-10-25T19:00:00.000Z')],
      packingList: [
        // 23:59 CEST on Saturday and 00:01 CEST on Sunday: either side of local midnight.
        item({
          validation_hand: 'h1',
          net_weight: '1000.000',
          validation_datetime: '2026-10-24T21:59:00.000Z',
        }),
        item({
          validation_hand: 'h1',
          net_weight: '2000.000',
          validation_datetime: '2026-10-24T22:01:00.000Z',
        }),
        // 23:30 CET on Sunday (22:30 UTC) would be Monday in CEST: still Sunday.
        item({
          validation_hand: 'h1',
          net_weight: '3000.000',
          validation_datetime: '2026-10-25T22:30:00.000Z',
        }),
      ],
    });
    const rows = dailyRows(call, { timeZone: 'Europe/Madrid' });
    expect(rows.map((row) => [row.date, row.start, row.end])).toEqual([
      ['2026-10-24', '2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z'],
      ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ]);
    // Saturday 20:00-24:00 is 4 hours; Sunday 00:00-20:00 local is 21 hours (the hour 02:00-03:00 twice).
    expect(rows.map((row) => [row.hours_worked, row.tons])).toEqual([
      [4, '1.00'],
      [21, '5.00'],
    ]);
  });

  it('rounds the days so they add up to the rounded total', () => {
    // Three days of 1 h 20 min each (1.3333 h): 1.33 + 1.33 + 1.34 = 4.00, the total's rounding.
    const spans = [20, 21, 22].map((day) => hand(`h${day}`, at(day, 10), at(day, 11, 20)));
    const rows = dailyRows(input({ hands: spans }));
    expect(rows.map((row) => row.hours_worked)).toEqual([1.34, 1.33, 1.33]);
    expect(rows.reduce((sum, row) => sum + row.hours_worked * 100, 0)).toBe(400);
  });

  it('is empty without work', () => {
    expect(dailyRows(input({}))).toEqual([]);
  });
});
