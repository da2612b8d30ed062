// The claim bundle of 200 photos on 4 incidences: POST /api/project/<id>/make_claim_bundle/ read to the
// end, on a server in its own process. Throughput (MB of ZIP per second; every file is read twice, once
// to hash it, once into the ZIP, and the index PDF is drawn in the reports' worker thread), the server's
// peak resident memory during it (VmRSS every 20 ms), and how long GET /api/health/ waits meanwhile
// (asked one after the other through the whole download): the server's thread stays free.
import { startChildServer } from '../../fixtures/child-server.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { measureDownload, uploadPhotos } from '../support/photos.js';

const PHOTOS = 200;
const INCIDENCES = 4;

const suite: BenchSuite = {
  name: 'claim',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      ctx.log(`claim: starting the server on ${engine} (child process)`);
      const server = await startChildServer(engine, ctx.databaseUrl);
      const post = async (path: string, body: unknown) => {
        const answer = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return answer;
      };
      try {
        const project = (
          (await (await post('/api/project/', { name: 'Bench claim' })).json()) as { id: string }
        ).id;
        const incidences: string[] = [];
        for (let n = 1; n <= INCIDENCES; n++) {
          const made = await post('/api/incidence/', { project, description: `Damage ${n}` });
          incidences.push(((await made.json()) as { id: string }).id);
        }
        ctx.log(`claim: uploading ${PHOTOS} photos`);
        const bytes = await uploadPhotos(
          server,
          incidences.map((id) => `incidence/${id}`),
          PHOTOS,
        );
        rows.push(
          ...(await measureDownload(
            server,
            { suite: 'claim', what: 'make_claim_bundle', engine, photos: PHOTOS, photoBytes: bytes },
            () => post(`/api/project/${project}/make_claim_bundle/`, { language: 'en' }),
          )),
        );
      } finally {
        await server.close();
      }
    }
    return rows;
  },
};

export default suite;
