// "Download all" of 200 photos: GET /api/project/<id>/download_zip/ read to the end, on a server in
// its own process; throughput (MB of ZIP per second) and the server's peak resident memory during
// the download (VmRSS sampled every 20 ms from /proc), per engine.
import { startChildServer } from '../../fixtures/child-server.js';
import { jpeg } from '../../fixtures/files.js';
import { upload } from '../../fixtures/multipart.js';
import type { BenchRow, BenchSuite } from '../lib.js';

const PHOTOS = 200;
const PARALLEL = 4;

const suite: BenchSuite = {
  name: 'zip',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    // Phone-like photos: 2000 x 1500 JPEGs (about 1 MB each), a few different ones.
    const photos = await Promise.all([1, 2, 3, 4].map((seed) => jpeg(2000, 1500, seed, 24)));
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
        let next = 0;
        let bytes = 0;
        const worker = async () => {
          while (next < PHOTOS) {
            const index = next++;
            const photo = photos[index % photos.length];
            const answer = await upload(`${server.url}/api/project/${project}/attachments/`, {
              token: server.token,
              fields: { is_image: 'true', zone: 'onboard', description: `Photo ${index + 1}` },
              file: {
                name: `IMG_${String(index + 1).padStart(4, '0')}.jpg`,
                bytes: photo,
                type: 'image/jpeg',
              },
            });
            if (answer.status !== 201)
              throw new Error(`upload answered ${answer.status} ${JSON.stringify(answer.body)}`);
            bytes += photo.length;
          }
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        const before = server.rssMb();
        const started = performance.now();
        const { result: zipped, peakMb } = await server.sample(async () => {
          const response = await fetch(`${server.url}/api/project/${project}/download_zip/`, {
            headers: { authorization: `Token ${server.token}` },
          });
          if (response.status !== 200 || !response.body)
            throw new Error(`download_zip answered ${response.status}`);
          let size = 0;
          const reader = response.body.getReader();
          for (let part = await reader.read(); !part.done; part = await reader.read())
            size += part.value.length;
          return size;
        });
        const seconds = (performance.now() - started) / 1000;
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
        );
      } finally {
        await server.close();
      }
    }
    return rows;
  },
};

export default suite;
