// What a write may not carry whatever the schema's parse says, checked the same way by the server engine
// and by the local store, so a tablet never queues a change the server would refuse: a null for a field
// that is never null (required, or with a default: quantity, validated...), and text PostgreSQL cannot
// store (a NUL, a lone UTF-16 surrogate), which would otherwise fail the statement itself; and a move of
// a record to another project (its rows, files and devices would stay behind: README, "The API").
import { messages } from './messages';
import type { Resource } from './resource';

export type FieldErrors = Record<string, string[]>;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The problem of a text (or of a list's texts) PostgreSQL cannot store, or null. */
function unstorableText(value: unknown): string | null {
  const texts = Array.isArray(value) ? value : [value];
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    if (text.includes('\u0000')) return messages.nullCharacters;
    if (LONE_SURROGATE.test(text)) return messages.string;
  }
  return null;
}

/** The field errors of the writable fields given in `input` (keys not writable are ignored). */
export function inputRefusals(resource: Resource, input: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, descriptor] of Object.entries(resource.fields)) {
    if (!Object.hasOwn(input, name)) continue;
    const value = input[name];
    const problem = value === null && !descriptor.info.nullable ? messages.null : unstorableText(value);
    if (problem) errors[name] = [problem];
  }
  return errors;
}

/** The field that moves a record of `resource` between projects: its project, or the parent it takes it from. */
export function moveField(resource: Resource): string | null {
  const field = resource.projectField;
  if (!field) return null;
  if (Object.hasOwn(resource.fields, field)) return field;
  return resource.derived[field]?.from ?? null;
}

/**
 * A record stays in the project it was created in: an update whose result (`after`, with the derived
 * project when it is known) has another project than the stored record (`before`) is refused, naming the
 * field that would move it (a hand's event, a hand line's hand, or the project itself).
 */
export function moveRefusal(
  resource: Resource,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldErrors {
  const project = resource.projectField;
  const field = moveField(resource);
  if (!project || !field || after[project] === undefined) return {};
  const was = before[project];
  if (was === null || was === undefined || was === after[project]) return {};
  return { [field]: [messages.moved] };
}
