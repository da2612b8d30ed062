// A project's events with their type (the `event` lookup: description and kind) and their hands.
import { Dexie } from 'dexie';
import { lookupLabel } from '../../../domain/reference/label';
import type { LocalDb } from '../../../store/db';
import type { LocalRow } from '../../../store/schema';

export interface TimelineEvent {
  row: LocalRow;
  description: string;
  kind: string;
  hands: LocalRow[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byStart = (a: LocalRow, b: LocalRow) =>
  text(a.init_date).localeCompare(text(b.init_date)) || a.id.localeCompare(b.id);

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
  const handsByEvent = new Map<string, LocalRow[]>();
  for (const hand of hands.sort(byStart)) {
    const event = text(hand.event);
    handsByEvent.set(event, [...(handsByEvent.get(event) ?? []), hand]);
  }
  return events.map((row) => {
    const type = typeById.get(text(row.event));
    return {
      row,
      description: lookupLabel('event', type, language),
      kind: text(type?.kind),
      hands: handsByEvent.get(row.id) ?? [],
    };
  });
}
