// The identifiers of reference data, checked and made canonical where they are typed (the tablet)
// and again by the server: a vessel's IMO number, a port's UN/LOCODE and IANA time zone, a call
// sign, an e-mail address.
import { messages } from '../messages';
import type { Parsed } from '../values';

const ok = (value: string): Parsed<string> => ({ ok: true, value });
const fail = (message: string): Parsed<string> => ({ ok: false, message });

/** The check digit of an IMO ship number's first six digits (weights 7 to 2, the sum's last digit). */
export function imoCheckDigit(firstSix: string): number {
  let sum = 0;
  for (let index = 0; index < 6; index++) sum += Number(firstSix[index]) * (7 - index);
  return sum % 10;
}

/** An IMO number: 7 digits whose last is the check digit; 'IMO 9074729' is read as '9074729'. */
export function parseImo(input: string): Parsed<string> {
  const digits = input.replace(/^\s*IMO\s*/i, '').replace(/[\s-]/g, '');
  if (!/^\d{7}$/.test(digits)) return fail(messages.imoFormat);
  if (imoCheckDigit(digits) !== Number(digits[6])) return fail(messages.imoCheckDigit);
  return ok(digits);
}

/** A UN/LOCODE: country code (2 letters) and place (3 letters or digits 2-9), upper case, no space. */
export function parseUnLocode(input: string): Parsed<string> {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{2}[A-Z2-9]{3}$/.test(code) ? ok(code) : fail(messages.unLocode);
}

/** An IANA time zone the platform knows ('europe/madrid' is given back as 'Europe/Madrid'). */
export function parseTimeZone(input: string): Parsed<string> {
  const name = input.trim();
  // Offsets ('+01:00') are not zones: they know no summer time.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return fail(messages.timeZone);
  try {
    return ok(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return fail(messages.timeZone);
  }
}

/** A radio call sign: letters and digits, upper case (e.g. 9HA2477, LAJV7). */
export function parseCallSign(input: string): Parsed<string> {
  const sign = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{3,10}$/.test(sign) ? ok(sign) : fail(messages.callSign);
}

/** An e-mail address (one @, a dot in the domain, no spaces). */
export function parseEmail(input: string): Parsed<string> {
  const address = input.trim();
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(address) && address.length <= 254
    ? ok(address)
    : fail(messages.email);
}
