// A call set up over the REST API for a browser test (as Marta): a project in progress, its coils on the
// packing list, its events (a working shift) and the shift's hands. Each field a test needs it passes;
// the helpers add only the links (project, commodity Coil, event by name, status In progress).
import type { TestServer } from '../../../server/testing';
import { apiSession, lookupId } from '../projects-support';

type Fields = Record<string, unknown>;

export async function callSetup(server: TestServer) {
  const api = await apiSession(server);
  const [inProgress, coil] = await Promise.all([
    lookupId(server, 'project_status', 'In progress'),
    lookupId(server, 'commodity', 'Coil'),
  ]);
  const post = async (path: string, body: Fields) => (await api.post<{ id: string }>(path, body)).id;
  return {
    api,
    /** A project in progress; its id. */
    project: (code: string, name: string, fields: Fields = {}) =>
      post('/api/project/', { code, name, status: inProgress, ...fields }),
    /** Coils on the project's packing list, one after the other (their order is the list's); their ids. */
    async coils(project: string, items: Fields[]) {
      const ids: string[] = [];
      for (const item of items)
        ids.push(await post('/api/packing-list/', { project, commodity: coil, ...item }));
      return ids;
    },
    /** An event of the seed's list by its name ('Working shift', 'Rain'…); its id. */
    event: async (project: string, name: string, init_date: string, end_date: string | null = null) =>
      post('/api/project-event/', {
        project,
        event: await lookupId(server, 'event', name),
        init_date,
        end_date,
      }),
    /** A hand of the shift `event`; its id. */
    hand: (event: string, fields: Fields) => post('/api/hand/', { event, ...fields }),
  };
}
