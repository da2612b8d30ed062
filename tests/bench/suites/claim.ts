// The claim bundle of 200 photos on 4 incidences: POST /api/project/<id>/make_claim_bundle/ read to the
// end, on a server in its own process. Throughput (MB of ZIP per second; every file is read twice, once
// to hash it, once into the ZIP, and the index PDF is drawn in the reports' worker thread), the server's
// peak resident memory during it (VmRSS every 20 ms), and how long GET /api/health/ waits meanwhile
// (asked one after the other through the whole download): the server's thread stays free.
import { startChildServer } from '../../fixtures/child-server.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { drain, probeHealth, uploadPhotos } from '../support/photos.js';

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
        const before = server.rssMb();
        const started = performance.now();
        const probe = probeHealth(server.url);
        const { result: zipped, peakMb } = await server.sample(async () => {
          const response = await post(`/api/project/${project}/make_claim_bundle/`, { language: 'en' });
          if (response.status !== 200) throw new Error(`make_claim_bundle answered ${response.status}`);
          return drain(response);
        });
        const seconds = (performance.now() - started) / 1000;
        const waited = await probe.stop();
        const mb = zipped / 1024 / 1024;
        rows.push(
          {
            suite: 'claim',
            name: `make_claim_bundle of ${PHOTOS} photos [${engine}]`,
            value: Math.round((mb / seconds) * 10) / 10,
            unit: 'MB/s',
            note: `${mb.toFixed(0)} MB (${(bytes / 1024 / 1024).toFixed(0)} MB of photos) in ${seconds.toFixed(2)} s`,
          },
          {
            suite: 'claim',
            name: `server peak RSS during make_claim_bundle [${engine}]`,
            value: Math.round(peakMb),
            unit: 'MB',
            note: `server in a child process, VmRSS sampled every 20 ms; ${Math.round(before)} MB before`,
          },
          {
            suite: 'claim',
            name: `GET /api/health/ p99 during make_claim_bundle [${engine}]`,
            value: waited.p99,
            unit: 'ms',
            note: `${waited.count} asked one after the other; longest ${waited.max} ms`,
          },
        );
      } finally {
        await server.close();
      }
    }
    return rows;
  },
};

export default suite;
