// Per-record rules shared by several entities, as zod superRefine callbacks.
import type { z } from 'zod';
import { messages } from './messages';
import { compareDecimal } from './values';

type Ctx = z.RefinementCtx;
type Row = Record<string, unknown>;

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * `end` must come after `start` (canonical date or date-time texts compare as text) in a record of
 * `resource` (its message names `start` by its label); `allowEqual` lets a point-like record end when it
 * starts.
 */
export function endAfterStart(resource: string, start: string, end: string, allowEqual = false) {
  return (row: Row, ctx: Ctx) => {
    const from = row[start];
    const to = row[end];
    if (!present(from) || !present(to)) return;
    if (to > from || (allowEqual && to === from)) return;
    ctx.addIssue({
      code: 'custom',
      path: [end],
      message: allowEqual ? messages.notBefore(resource, start) : messages.after(resource, start),
      input: to,
    });
  };
}

/** Decimal `field` must not be less than decimal `other` (gross weight vs net weight), in `resource`. */
export function notLessThan(resource: string, field: string, other: string) {
  return (row: Row, ctx: Ctx) => {
    const value = row[field];
    const floor = row[other];
    if (!present(value) || !present(floor)) return;
    if (compareDecimal(value, floor) < 0) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: messages.notLess(resource, other),
        input: value,
      });
    }
  };
}

/** Runs several rules in turn. */
export function allRules(...rules: ((row: Row, ctx: Ctx) => void)[]) {
  return (row: Row, ctx: Ctx) => {
    for (const rule of rules) rule(row, ctx);
  };
}
