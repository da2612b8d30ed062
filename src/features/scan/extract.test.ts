// The reference and weight read from real label layouts with the default rule (and a project's own).
import { describe, expect, it } from 'vitest';
import { compileScanPattern } from '../../domain/scan-rule';
import { labelWeightKg, readLabel, weightMismatch } from './extract';
import { gs1Readable, parseGs1 } from './gs1';

const GS = '\u001d';
const byDefault = (text: string) => readLabel(text, compileScanPattern(null));

describe('reading a label with the default rule', () => {
  it("a mill's Code 128 coil number is the reference as it is", () => {
    expect(byDefault('24A0193571')).toEqual({
      text: '24A0193571',
      candidates: ['24A0193571'],
      weightKg: null,
    });
  });

  it('a QR with reference, weight and heat number: the reference and the weight, not the heat', () => {
    expect(byDefault('REF:C2401234567;WT:12450;HEAT:H123456')).toMatchObject({
      candidates: ['C2401234567'],
      weightKg: 12450,
    });
    // A mill QR written as lines, in Spanish, thousands with a dot.
    expect(
      byDefault('Nº bobina: 24A0193571\nPeso neto: 12.450 kg\nColada: 885521\nCalidad: DX51D'),
    ).toMatchObject({ candidates: ['24A0193571'], weightKg: 12450 });
    // English lines, weight with a space between thousands, gross before net.
    expect(
      byDefault('COIL NO: C24A0193\nGROSS WEIGHT: 12 600 KG\nNET WT: 12 450 KG\nHEAT NO: 5521'),
    ).toMatchObject({ candidates: ['C24A0193'], weightKg: 12600 });
  });

  it('a JSON label and an aluminium bundle in tonnes', () => {
    expect(byDefault('{"coil":"C24A0193","net_kg":12450.5,"heat":"H5521"}')).toMatchObject({
      candidates: ['C24A0193'],
      weightKg: 12450.5,
    });
    expect(byDefault('BUNDLE NO: AL-778812 NW: 1.012 T LOT: 7781')).toMatchObject({
      candidates: ['AL-778812', '7781'],
      weightKg: 1012,
    });
  });

  it('GS1: serial (21) and batch (10) in the order they come, net weight from AI 310n', () => {
    // As the scanner gives it: AIs run together, GS after a variable-length field.
    const raw = `0109501101530008${'10'}H5521${GS}21C24A0193${GS}3102001245`;
    expect(parseGs1(raw)).toEqual([
      ['01', '09501101530008'],
      ['10', 'H5521'],
      ['21', 'C24A0193'],
      ['3102', '001245'],
    ]);
    expect(byDefault(raw)).toEqual({
      text: '(01)09501101530008(10)H5521(21)C24A0193(3102)001245',
      candidates: ['H5521', 'C24A0193'],
      weightKg: 12.45,
    });
    // Fixed-length fields need no GS; a symbology identifier first is dropped; the readable form is kept.
    expect(byDefault(']C101095011015300083100012450' + '21COIL-77')).toMatchObject({
      candidates: ['COIL-77'],
      weightKg: 12450,
    });
    expect(byDefault('(01)09501101530008(21)C24A0193(3100)012450')).toMatchObject({
      candidates: ['C24A0193'],
      weightKg: 12450,
    });
    // Not GS1 after all (a GTIN-looking number that does not parse): read as it came.
    expect(gs1Readable('01ABC')).toBe('01ABC');
  });

  it('fields without names: the whole text, then each field', () => {
    expect(byDefault('C24A0193|12450|H5521').candidates).toEqual([
      'C24A0193|12450|H5521',
      'C24A0193',
      '12450',
      'H5521',
    ]);
  });

  it("a project's own rule: a prefix the mill prints, and a weight with implied decimals", () => {
    const rule = compileScanPattern('^S(?<ref>\\d{10})(?:W(?<weight>\\d{7})(?<decimals>))?');
    expect(readLabel('S2410193571', rule)).toMatchObject({ candidates: ['2410193571'], weightKg: null });
    const withWeight = compileScanPattern('^S(?<ref>\\d{10})W(?<weight>\\d{7})');
    expect(readLabel('S2410193571W0012450', withWeight)).toMatchObject({ weightKg: 12450 });
  });
});

describe('a printed weight', () => {
  it('reads the usual ways of writing kilos and tonnes', () => {
    expect(labelWeightKg('12,450')).toBe(12450);
    expect(labelWeightKg('12.450')).toBe(12450);
    expect(labelWeightKg('1.234,5')).toBe(1234.5);
    expect(labelWeightKg('1,234.5')).toBe(1234.5);
    expect(labelWeightKg('12.45', 't')).toBe(12450);
    expect(labelWeightKg('1.2.3')).toBe(123);
    expect(labelWeightKg('24,36', 'T')).toBe(24360);
    expect(labelWeightKg('001245', undefined, '2')).toBe(12.45);
    expect(labelWeightKg('abc')).toBeNull();
  });

  it('warns past the tolerance from both the net and the gross weight', () => {
    const item = { net_weight: '12000.000', gross_weight: '12100.000' };
    expect(weightMismatch(12100, item, 2)).toBeNull();
    expect(weightMismatch(12450, item, 2)).toEqual({
      labelKg: 12450,
      listKg: 12100,
      percent: expect.closeTo(2.89, 2),
    });
    expect(weightMismatch(12450, item, 3)).toBeNull();
    expect(weightMismatch(null, item, 2)).toBeNull();
    expect(weightMismatch(12450, { net_weight: null }, 2)).toBeNull();
  });
});
