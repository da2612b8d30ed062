// Report files for a big call: each spreadsheet (coil, SOF, prompter) and the SOF PDF of a project with
// 20,000 validated packing items and 200 events, and the container report PDF with 12 photos, made over
// HTTP on the in-process server. Time is the median of 3 calls (request to last byte); memory is the
// process's peak resident size while the calls ran, and how far above the level before them it went.
// The CPU time the process spent (server and client share it) shows what a loaded machine hides.
import { jpeg } from '../../fixtures/files.js';
import { upload } from '../../fixtures/multipart.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { startBenchServer } from '../support/server.js';
import { seedReportCall } from './reports/seed.js';

const USER = { username: 'bench-reports', password: 'Quay-Crane-42', role: 'admin' as const };
const RUNS = 3;
const PHOTOS = 12;
const GOAL_MS = 3000;

async function measure(run: () => Promise<number>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  try {
    for (let n = 0; n < RUNS; n++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      bytes = await run();
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
    }
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    ms: times[Math.floor(times.length / 2)] ?? 0,
    cpuMs: cpu[Math.floor(cpu.length / 2)] ?? 0,
    peakMb: peak / 1024 / 1024,
    growthMb: (peak - before) / 1024 / 1024,
    bytes,
  };
}

async function post(url: string, token: string, extra: Record<string, unknown> = {}): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en', time_zone: 'Europe/Madrid', ...extra }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  return body.length;
}

const suite: BenchSuite = {
  name: 'reports',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      ctx.log(`reports: starting the server on ${engine}`);
      const bench = await startBenchServer(engine, ctx);
      try {
        const userId = await bench.createUser(USER);
        const signIn = await fetch(`${bench.url}/api/get-token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: USER.username, password: USER.password }),
        });
        const { token } = (await signIn.json()) as { token: string };
        ctx.log('reports: seeding 20,000 packing items and 200 events');
        const seed = await seedReportCall(bench.server.database, userId);

        const reports: [string, string][] = [
          ['coil', 'make_coil_report'],
          ['SOF', 'make_sof_report'],
          ['prompter', 'make_prompter_report'],
        ];
        const add = (name: string, result: Awaited<ReturnType<typeof measure>>, note: string) => {
          rows.push({
            suite: 'reports',
            name: `${name} [${engine}]`,
            value: Math.round(result.ms),
            unit: 'ms',
            goal: `< ${GOAL_MS} ms`,
            ok: result.ms < GOAL_MS,
            note: `${note}; CPU ${Math.round(result.cpuMs)} ms (the machine is shared: compare with the wall time); ${(result.bytes / 1024).toFixed(0)} KB`,
          });
          rows.push({
            suite: 'reports',
            name: `${name}: peak memory [${engine}]`,
            value: Math.round(result.peakMb),
            unit: 'MB RSS',
            note: `+${Math.round(result.growthMb)} MB over the level before; bench process hosting the server`,
          });
        };
        for (const [label, path] of reports) {
          ctx.log(`reports: ${label} spreadsheet`);
          const result = await measure(() =>
            post(`${bench.url}/api/project/${seed.project}/${path}/`, token),
          );
          add(
            `${label} spreadsheet, ${seed.items} items, ${seed.events} events`,
            result,
            `median of ${RUNS}`,
          );
        }

        // The statement of facts as a PDF (events, daily table, signatures), for a SOF report of the call.
        const sofReport = await fetch(`${bench.url}/api/sof-report/`, {
          method: 'POST',
          headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ project: seed.project, berthing_wharf: 'Muelle Sur 3' }),
        });
        const sofId = ((await sofReport.json()) as { id: string }).id;
        ctx.log('reports: SOF PDF');
        const sofPdf = await measure(() =>
          post(`${bench.url}/api/project/${seed.project}/make_sof_pdf/`, token, { report: sofId }),
        );
        add(`SOF PDF, ${seed.items} items, ${seed.events} events`, sofPdf, `median of ${RUNS}`);

        ctx.log(`reports: container report with ${PHOTOS} photos`);
        const made = await fetch(`${bench.url}/api/container-report/`, {
          method: 'POST',
          headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            container_number: 'CSQU3054383',
            manager: userId,
            date: '2026-11-21',
            external_left_side_status: 'broken',
            load_shift: true,
            external_others: 'Dent near the corner casting. '.repeat(40),
          }),
        });
        const report = ((await made.json()) as { id: string }).id;
        // Tablet photos as uploaded: 2000 x 1500 JPEGs of about 1 MB.
        const photos = await Promise.all([1, 2, 3, 4].map((n) => jpeg(2000, 1500, n)));
        for (let n = 0; n < PHOTOS; n++) {
          const sent = await upload(`${bench.url}/api/container-report/${report}/attachments/`, {
            token,
            fields: { is_image: 'true', description: `Photo ${n + 1}` },
            file: {
              name: `IMG_${n + 1}.jpg`,
              bytes: photos[n % photos.length] ?? Buffer.alloc(0),
              type: 'image/jpeg',
            },
          });
          if (sent.status !== 201) throw new Error(`photo upload answered ${sent.status}`);
        }
        const pdf = await measure(() =>
          post(`${bench.url}/api/container-report/${report}/make_container_report/`, token),
        );
        add(`container report PDF, ${PHOTOS} photos of 2000x1500`, pdf, `median of ${RUNS}`);
      } finally {
        await bench.close();
      }
    }
    return rows;
  },
};

export default suite;
