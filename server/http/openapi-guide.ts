// The integration guide at the head of the OpenAPI document (Markdown).
export const API_GUIDE = `REST API of the karbontrack port and stevedoring platform, for customers' ERPs and other integrations.

## Signing in
Send \`Authorization: Token <token>\` on every call. A customer's ERP uses the read-only token an admin
made for its account (it reads that account's projects and their records, and the reference lists);
users sign in with \`POST /api/get-token/\`.

## Lists
Every list answers \`{count, next, previous, results}\`, paged with \`page\` and \`page_size\`, ordered
with \`ordering\`. A repeated filter (\`?status=a&status=b\`) matches any of its values.

## Only what changed
Every list takes \`updated_since\` (a date-time) and \`include_deleted=true\` (deleted records too, with
\`deleted_at\` set): keep the time of each call (its \`Date\` header), and next time ask from a minute
before it, e.g. \`GET /api/project/?updated_since=2026-11-20T08:00:00Z&include_deleted=true\`.
Records carry \`version\`: a record seen twice is the same change when its version is the same.

## Errors
As the Django REST framework words them: 400 \`{field: ["message"]}\` (\`non_field_errors\` for the
rest), others \`{detail}\`. 503 and 429 come with \`Retry-After\`. Messages are in English, or
Spanish with \`Accept-Language: es\`; field names stay as they are.

## Writes
Writes accept an \`Idempotency-Key\` header: a retry never writes twice. \`If-Match: <version>\`
refuses a change to a record changed since (412).`;
