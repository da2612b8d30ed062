// An ERP's integration with karbontrack, written against the client generated from the OpenAPI
// document (openapi-typescript types + openapi-fetch), as a customer's developer would write it:
// with its read-only token, the projects changed since a time, a packing list, a report file.
// The contract test (tests/api/contract/client.test.ts) generates ./generated/schema.d.ts, compiles
// this file against it with tsc, and runs it against a real server. Prints one JSON line.
import createClient from 'openapi-fetch';
import type { operations, paths } from './generated/schema.js';

type Project = operations['getProject']['responses'][200]['content']['application/json'];

const baseUrl = process.env.KT_URL ?? 'http://localhost:8080';
const token = process.env.KT_TOKEN ?? '';
const since = process.env.KT_SINCE ?? new Date(Date.now() - 86_400_000).toISOString();

const api = createClient<paths>({ baseUrl, headers: { Authorization: `Token ${token}` } });

// 1. The customer's projects changed since the last run (deleted ones too, to remove them here).
const changed = await api.GET('/api/project/', {
  params: { query: { updated_since: since, include_deleted: true, page_size: 100 } },
});
if (!changed.data)
  throw new Error(`listProjects: ${changed.response.status} ${JSON.stringify(changed.error)}`);
const live: Project[] = changed.data.results.filter((project) => !project.deleted_at);
const deleted = changed.data.results.filter((project) => project.deleted_at).map((project) => project.id);
const project = live[0];
if (!project) throw new Error('no project changed');

// 2. Its packing list: every item, validated or not, with weights as exact decimal text.
const items = await api.GET('/api/packing-list/', {
  params: { query: { project: [project.id], page_size: 1000, ordering: 'reference' } },
});
if (!items.data) throw new Error(`listPackingItems: ${items.response.status}`);
const validated = items.data.results.filter((item) => item.validated);

// 3. Its statement of facts, as the spreadsheet a clerk would open.
const report = await api.POST('/api/project/{id}/make_sof_report/', {
  params: { path: { id: project.id } },
  body: { language: 'en', time_zone: 'Europe/Madrid' },
  parseAs: 'arrayBuffer',
});
if (!report.data) throw new Error(`makeSofReport: ${report.response.status}`);
// openapi-fetch 0.17 types a parsed body by the document's schema (a string) even with parseAs.
const file = report.data as unknown as ArrayBuffer;

// And what a token may not do: write.
const refused = await api.PATCH('/api/project/{id}/', {
  params: { path: { id: project.id } },
  body: { voyage: 'X' },
});

console.log(
  JSON.stringify({
    projects: live.map((p) => ({ id: p.id, name: p.name, customer: p.customer?.trade_name ?? null })),
    deleted,
    items: items.data.count,
    validated: validated.map((item) => item.reference),
    net_weight: validated.map((item) => item.net_weight),
    report: {
      bytes: file.byteLength,
      type: report.response.headers.get('content-type'),
      name: report.response.headers.get('x-suggested-filename'),
    },
    write: {
      status: refused.response.status,
      detail: refused.error && 'detail' in refused.error ? refused.error.detail : null,
    },
  }),
);
