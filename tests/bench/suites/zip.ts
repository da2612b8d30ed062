// "Download all" of 200 photos: GET /api/project/<id>/download_zip/ read to the end, on a server in
// its own process; throughput (MB of ZIP per second) and the server's peak resident memory during
// the download (VmRSS sampled every 20 ms from /proc), and how long GET /api/health/ waits meanwhile,
// per engine.
import { startChildServer } from '../../fixtures/child-server.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { drain, probeHealth, uploadPhotos } from '../support/photos.js';

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
        const before = server.rssMb();
        const started = performance.now();
        const probe = probeHealth(server.url);
        const { result: zipped, peakMb } = await server.sample(async () => {
          const response = await fetch(`${server.url}/api/project/${project}/download_zip/`, {
            headers: { authorization: `Token ${server.token}` },
          });
          if (response.status !== 200) throw new Error(`download_zip answered ${response.status}`);
          return drain(response);
        });
        const seconds = (performance.now() - started) / 1000;
        const waited = await probe.stop();
        const mb = zipped / 1024 / 1024;
        rows.push(
          {
            suite: 'zip',
            name: `download_zip of ${PHOTOS} photos [${engine}]`,
            value: Math.round((mb / seconds) * 10) / 10,
            unit: 'MB/s',
            note: `${mb.toFixed(0)} MB (${(bytes / 1024 / 1024).toFixed(0)} MB of photos) in ${seconds.toFixed(2)} s`,
          },
          {
            suite: 'zip',
            name: `server peak RSS during download_zip [${engine}]`,
            value: Math.round(peakMb),
            unit: 'MB',
            note: `server in a child process, VmRSS sampled every 20 ms; ${Math.round(before)} MB before`,
          },
          {
            suite: 'zip',
            name: `GET /api/health/ p99 during download_zip [${engine}]`,
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
