import { describe, expect, it } from 'vitest';
import { suggestedFilename } from './download';

describe('suggestedFilename', () => {
  it('prefers x-suggested-filename, then Content-Disposition, then the fallback', () => {
    expect(suggestedFilename(new Headers({ 'x-suggested-filename': 'coil_report_V123.xlsx' }))).toBe(
      'coil_report_V123.xlsx',
    );
    expect(suggestedFilename(new Headers({ 'x-suggested-filename': 'informe%20%C3%B1.pdf' }))).toBe(
      'informe ñ.pdf',
    );
    expect(
      suggestedFilename(
        new Headers({ 'content-disposition': "attachment; filename*=UTF-8''fotos%20bodega.zip" }),
      ),
    ).toBe('fotos bodega.zip');
    expect(suggestedFilename(new Headers({ 'content-disposition': 'attachment; filename="sof.xlsx"' }))).toBe(
      'sof.xlsx',
    );
    expect(suggestedFilename(new Headers(), 'report.pdf')).toBe('report.pdf');
  });
});
