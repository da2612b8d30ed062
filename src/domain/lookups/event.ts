import { delayAttributions, eventKinds } from '../enums';
import { messages } from '../messages';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

const eventFields = {
  description: field.text(150),
  /** The description in Spanish (shown on Spanish screens and reports; the English one when empty). */
  description_es: field.text(150).optional(),
  kind: field.choice(eventKinds),
  /** Stoppages only, and required for them. */
  delay_attribution: field.choice(delayAttributions).optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

export const eventSchema = objectOf(eventFields).superRefine((row, ctx) => {
  const attributed = row.delay_attribution !== null && row.delay_attribution !== undefined;
  if (row.kind === 'stoppage' && !attributed) {
    ctx.addIssue({ code: 'custom', path: ['delay_attribution'], message: messages.stoppageAttribution });
  }
  if (row.kind !== 'stoppage' && attributed) {
    ctx.addIssue({
      code: 'custom',
      path: ['delay_attribution'],
      message: messages.onlyStoppage,
    });
  }
});

export type EventType = RowOf<typeof eventFields>;

export const event = defineResource({
  name: 'event',
  kind: 'lookup',
  scope: 'global',
  fields: eventFields,
  schema: eventSchema,
  translated: { en: 'description', es: 'description_es' },
  display: ['description', 'description_es', 'kind'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['description', 'description_es'] },
    { name: 'kind', kind: 'exact', field: 'kind' },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['id'],
  writableBy: 'admin',
  merge: { sameFields: ['kind', 'delay_attribution'] },
  unique: [['description']],
  dexieIndexes: ['seq', 'kind'],
});
