import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { imoCheckDigit, parseCallSign, parseEmail, parseImo, parseTimeZone, parseUnLocode } from './codes';

const value = (parsed: { ok: boolean; value?: string }) => (parsed.ok ? parsed.value : null);

describe('reference codes', () => {
  it('verifies the IMO check digit', () => {
    // IMO 9074729: 9*7 + 0*6 + 7*5 + 4*4 + 7*3 + 2*2 = 139, check digit 9.
    expect(imoCheckDigit('907472')).toBe(9);
    expect(value(parseImo('9074729'))).toBe('9074729');
    expect(value(parseImo('IMO 9074729'))).toBe('9074729');
    expect(value(parseImo('imo9176187'))).toBe('9176187');
    expect(parseImo('9074728')).toEqual({ ok: false, message: messages.imoCheckDigit });
    expect(parseImo('907472')).toEqual({ ok: false, message: messages.imoFormat });
    expect(parseImo('90747290').ok).toBe(false);
    expect(parseImo('90747A9').ok).toBe(false);
  });

  it('reads a UN/LOCODE in upper case without spaces', () => {
    expect(value(parseUnLocode('esvlc'))).toBe('ESVLC');
    expect(value(parseUnLocode('ES VLC'))).toBe('ESVLC');
    expect(value(parseUnLocode('GB2LL'))).toBe('GB2LL');
    for (const bad of ['ESVL', 'ESVLCX', '1SVLC', 'ESV1C', 'ES-V0C'])
      expect(parseUnLocode(bad).ok, bad).toBe(false);
  });

  it('knows IANA time zones and refuses offsets and made-up names', () => {
    expect(value(parseTimeZone('Europe/Madrid'))).toBe('Europe/Madrid');
    expect(value(parseTimeZone('europe/madrid'))).toBe('Europe/Madrid');
    expect(value(parseTimeZone('Atlantic/Canary'))).toBe('Atlantic/Canary');
    expect(value(parseTimeZone('UTC'))).toBe('UTC');
    for (const bad of ['Europe/Valencia', '+01:00', 'GMT+1 ', 'Madrid', ''])
      expect(parseTimeZone(bad).ok, bad).toBe(false);
  });

  it('reads call signs and e-mail addresses', () => {
    expect(value(parseCallSign('9ha 2477'))).toBe('9HA2477');
    expect(parseCallSign('9H').ok).toBe(false);
    expect(parseCallSign('9HA_2477').ok).toBe(false);
    expect(value(parseEmail(' ops@levantina.es '))).toBe('ops@levantina.es');
    for (const bad of ['ops', 'ops@levantina', 'o ps@levantina.es', 'ops@@levantina.es'])
      expect(parseEmail(bad).ok, bad).toBe(false);
  });
});
