// For the download benchmarks (zip, claim): phone-like photos uploaded to records (2000 x 1500 JPEGs of
// about 1 MB, four different ones in turn, `parallel` uploads at a time), a body read to its end, and a
// probe of how long a small request waits meanwhile.
import type { ChildServer } from '../../fixtures/child-server.js';
import { jpeg } from '../../fixtures/files.js';
import { upload } from '../../fixtures/multipart.js';
import type { BenchRow } from '../lib.js';

/** Uploads `count` photos to `/api/<parents[i % n]>/attachments/`; the bytes sent. */
export async function uploadPhotos(server: ChildServer, parents: string[], count: number, parallel = 4) {
  const photos = await Promise.all([1, 2, 3, 4].map((seed) => jpeg(2000, 1500, seed, 24)));
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const photo = photos[index % photos.length] as Buffer;
      const answer = await upload(`${server.url}/api/${parents[index % parents.length]}/attachments/`, {
        token: server.token,
        fields: {
          is_image: 'true',
          zone: 'onboard',
          description: `Photo ${index + 1}`,
          captured_at: new Date().toISOString(),
          capture_device: 'bench-tablet',
        },
        file: { name: `IMG_${String(index + 1).padStart(4, '0')}.jpg`, bytes: photo, type: 'image/jpeg' },
      });
      if (answer.status !== 201)
        throw new Error(`upload answered ${answer.status} ${JSON.stringify(answer.body)}`);
      bytes += photo.length;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return bytes;
}

/** Reads a response's body to its end; its size in bytes. */
async function drain(response: Response): Promise<number> {
  if (!response.body) return 0;
  let size = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) size += part.value.length;
  return size;
}

/**
 * Asks GET /api/health/ one request after the other (20 ms apart) until stopped: how long the server's
 * thread keeps a small request waiting while it works on something else.
 */
function probeHealth(url: string) {
  const waits: number[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const asked = performance.now();
      await (await fetch(`${url}/api/health/`)).arrayBuffer();
      waits.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      waits.sort((a, b) => a - b);
      const p99 = waits[Math.min(waits.length - 1, Math.floor(waits.length * 0.99))] ?? 0;
      return { p99: Math.round(p99), max: Math.round(waits.at(-1) ?? 0), count: waits.length };
    },
  };
}

/**
 * Downloads what `request` answers (read to its end) while sampling the server's memory and probing its
 * health route: three rows of `suite` named after `what` (throughput, peak RSS, health p99).
 */
export async function measureDownload(
  server: ChildServer,
  {
    suite,
    what,
    engine,
    photos,
    photoBytes,
  }: { suite: string; what: string; engine: string; photos: number; photoBytes: number },
  request: () => Promise<Response>,
): Promise<BenchRow[]> {
  const before = server.rssMb();
  const started = performance.now();
  const probe = probeHealth(server.url);
  const { result: zipped, peakMb } = await server.sample(async () => {
    const response = await request();
    if (response.status !== 200) throw new Error(`${what} answered ${response.status}`);
    return drain(response);
  });
  const seconds = (performance.now() - started) / 1000;
  const waited = await probe.stop();
  const mb = zipped / 1024 / 1024;
  return [
    {
      suite,
      name: `${what} of ${photos} photos [${engine}]`,
      value: Math.round((mb / seconds) * 10) / 10,
      unit: 'MB/s',
      note: `${mb.toFixed(0)} MB (${(photoBytes / 1024 / 1024).toFixed(0)} MB of photos) in ${seconds.toFixed(2)} s`,
    },
    {
      suite,
      name: `server peak RSS during ${what} [${engine}]`,
      value: Math.round(peakMb),
      unit: 'MB',
      note: `server in a child process, VmRSS sampled every 20 ms; ${Math.round(before)} MB before`,
    },
    {
      suite,
      name: `GET /api/health/ p99 during ${what} [${engine}]`,
      value: waited.p99,
      unit: 'ms',
      note: `${waited.count} asked one after the other; longest ${waited.max} ms`,
    },
  ];
}
