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
Or register a webhook and be told.

## Webhooks
An admin registers, per customer account, an endpoint (https; http only to loopback, for tests) and the
events it wants (\`GET /api/webhooks/events/\`). Each delivery is a POST of \`{type, timestamp,
resource, data}\`, where \`data\` is the record as this API reads it (with \`deleted_at\`), of that
customer's projects only, whatever wrote the change (a user, a tablet's sync, an import). It is signed
as the Standard Webhooks specification says: headers \`webhook-id\` (the same on every attempt),
\`webhook-timestamp\` (Unix seconds) and \`webhook-signature\` (\`v1,<base64 HMAC-SHA256 of
"<id>.<timestamp>.<body>" with the endpoint's secret, whsec_ prefix removed and base64-decoded>\`).
Refuse a timestamp more than 5 minutes away and a webhook-id already handled. Answer 2xx within 15 s;
anything else is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h) for 24 hours. Deliveries are
not ordered: order by the record's \`version\`.

## Errors
As the Django REST framework words them: 400 \`{field: ["message"]}\` (\`non_field_errors\` for the
rest), others \`{detail}\`. 503 and 429 come with \`Retry-After\`. Messages are in English, or
Spanish with \`Accept-Language: es\`; field names stay as they are.

## Writes
Writes accept an \`Idempotency-Key\` header: a retry never writes twice. \`If-Match: <version>\`
refuses a change to a record changed since (412).`;
