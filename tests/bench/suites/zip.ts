// "Download all" of 200 photos: GET /api/project/<id>/download_zip/ read to the end, on a server in
// its own process; throughput (MB of ZIP per second) and the server's peak resident memory during
// the download (VmRSS sampled every 20 ms from /proc), and how long GET /api/health/ waits meanwhile,
// per engine.
import { startChildServer } from '../../fixtures/child-server.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { measureDownload, uploadPhotos } from '../support/photos.js';

const PHOTOS = 200;

const suite: BenchSuite = {
  name: 'zip',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      ctx.log(`zip: starting the server on ${engine} (child process)`);
      const server = await startChildServer(engine, ctx.databaseUrl);
      try {
        const made = await fetch(`${server.url}/api/project/`, {
          method: 'POST',
          headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench zip' }),
        });
        const project = ((await made.json()) as { id: string }).id;
        ctx.log(`zip: uploading ${PHOTOS} photos`);
        const bytes = await uploadPhotos(server, [`project/${project}`], PHOTOS);
        rows.push(
          ...(await measureDownload(
            server,
            { suite: 'zip', what: 'download_zip', engine, photos: PHOTOS, photoBytes: bytes },
            () =>
              fetch(`${server.url}/api/project/${project}/download_zip/`, {
                headers: { authorization: `Token ${server.token}` },
              }),
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
