// For the download benchmarks (zip, claim): phone-like photos uploaded to records (2000 x 1500 JPEGs of
// about 1 MB, four different ones in turn, `parallel` uploads at a time), a body read to its end, and a
// probe of how long a small request waits meanwhile.
import type { ChildServer } from '../../fixtures/child-server.js';
import { jpeg } from '../../fixtures/files.js';
import { upload } from '../../fixtures/multipart.js';

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
export async function drain(response: Response): Promise<number> {
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
export function probeHealth(url: string) {
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
