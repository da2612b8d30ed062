import { describe, expect, it } from 'vitest';
import { packingFromParams, paramsWithPacking } from './address';
import { emptyFilters, type PackingFilters } from './filters';

const every: PackingFilters = {
  reference: 'c-10 x',
  commodity: '01a2059a-fe5b-7521-8fb3-671a895f40b8',
  validated: true,
  validation_prompter_identifier: '01a2059a-fe5b-7521-8fb3-671a895f40b9',
  validation_hand: '01a2059a-fe5b-7521-8fb3-671a895f40ba',
  location: 'onboard',
  validation_hold: 0,
  validation_datetime_after: '2026-11-15T00:00:00.000Z',
  validation_datetime_before: '2026-11-25T22:59:00.000Z',
};

describe('the packing list in the address', () => {
  it('reads back every filter and the page it wrote, keeping the rest of the address', () => {
    const params = paramsWithPacking(new URLSearchParams('tab=docs'), every, 3);
    expect(params.get('tab')).toBe('docs');
    expect(packingFromParams(params)).toEqual({ filters: every, page: 3 });
  });

  it('writes nothing for the filters not set and page 1, and clears what was there', () => {
    const before = paramsWithPacking(new URLSearchParams(), every, 2);
    const after = paramsWithPacking(before, { ...emptyFilters, location: 'truck' }, 1);
    expect(after.toString()).toBe('pl_location=truck');
    expect(packingFromParams(new URLSearchParams()).filters).toEqual(emptyFilters);
  });

  it('reads a malformed value as no filter (an edited or old address)', () => {
    const read = packingFromParams(
      new URLSearchParams(
        'pl_commodity=coil&pl_validation_hand=1&pl_validated=yes&pl_validation_hold=-2&pl_location=moon&pl_validation_datetime_after=15/11/2026&pl_validation_datetime_before=2026-13-45T99:00Z&pl_page=0&pl_reference=%20%20',
      ),
    );
    expect(read).toEqual({ filters: emptyFilters, page: 1 });
    expect(
      packingFromParams(new URLSearchParams('pl_validation_hold=2.5')).filters.validation_hold,
    ).toBeNull();
  });
});
