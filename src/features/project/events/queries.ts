// A project's events with their type (the `event` lookup: description and kind) and their hands.
import { Dexie } from 'dexie';
import { lookupLabel } from '../../../domain/reference/label';
import type { LocalDb } from '../../../store/db';
import type { RowOfResource } from '../../../store/schema';

export interface TimelineEvent {
  row: RowOfResource<'project-event'>;
  description: string;
  kind: string;
  hands: RowOfResource<'hand'>[];
}

const byStart = (a: RowOfResource<'hand'>, b: RowOfResource<'hand'>) =>
  (a.init_date ?? '').localeCompare(b.init_date ?? '') || a.id.localeCompare(b.id);

/** `language`: the one the event types are named in. */
export async function projectTimeline(
  db: LocalDb,
  projectId: string,
  language: string,
): Promise<TimelineEvent[]> {
  const [events, hands, types] = await Promise.all([
    db
      .rows('project-event')
      .where('[project+init_date]')
      .between([projectId, Dexie.minKey], [projectId, Dexie.maxKey])
      .toArray(),
    // Hands without dates are not in [event+init_date]: the project index finds them all.
    db.rows('hand').where('project').equals(projectId).toArray(),
    db.rows('event').toArray(),
  ]);
  const typeById = new Map(types.map((type) => [type.id, type]));
  const handsByEvent = new Map<string, RowOfResource<'hand'>[]>();
  for (const hand of hands.sort(byStart)) {
    handsByEvent.set(hand.event, [...(handsByEvent.get(hand.event) ?? []), hand]);
  }
  return events.map((row) => {
    const type = typeById.get(row.event);
    return {
      row,
      description: lookupLabel('event', type, language),
      kind: type?.kind ?? '',
      hands: handsByEvent.get(row.id) ?? [],
    };
  });
}
