// The ratio functions' input for one project, read from the local store (rows pass as they are).
import type { RatiosInput } from '../../domain/ratios';
import type { LocalDb } from '../../store/db';

export async function ratiosInputOf(db: LocalDb, projectId: string): Promise<RatiosInput> {
  const [project, eventTypes, events, hands, handIncidences, packingList, commodities, activities] =
    await Promise.all([
      db.rows('project').get(projectId),
      db.rows('event').toArray(),
      db
        .rows('project-event')
        .where('[project+init_date]')
        .between([projectId, ''], [projectId, '\uffff'])
        .toArray(),
      db.rows('hand').where('project').equals(projectId).toArray(),
      db.rows('hand-incidence').where('project').equals(projectId).toArray(),
      db.rows('packing-list').where('project').equals(projectId).toArray(),
      db.rows('commodity').toArray(),
      db.rows('project-activity').toArray(),
    ]);
  // The local rows are the domain's rows plus the sync mark: the ratio types name the fields they read.
  return {
    project: project ?? null,
    eventTypes,
    events,
    hands,
    handIncidences,
    packingList,
    commodities,
    activities,
  };
}
