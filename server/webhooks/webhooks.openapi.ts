// OpenAPI text of the webhook admin routes, by operation id.
import { API_TAGS } from '../resources/engine/api-names.js';

const TEXTS = {
  listWebhookEvents: ['The events an endpoint may ask for', 'Admins only.'],
  listWebhookEndpoints: ['Webhook endpoints', 'Of every account, or of one (`account`). Admins only.'],
  createWebhookEndpoint: [
    'Register a webhook endpoint for a customer account',
    "It receives the events asked for, of that customer's projects only, signed with the secret in the answer (also readable later by admins).",
  ],
  getWebhookEndpoint: ['One webhook endpoint, with its secret', 'Admins only.'],
  patchWebhookEndpoint: [
    'Change a webhook endpoint',
    'Its address, events, description, or pause it (`active: false`).',
  ],
  deleteWebhookEndpoint: ['Delete a webhook endpoint', 'With its deliveries; nothing more is sent to it.'],
  listWebhookDeliveries: [
    'Webhook deliveries, newest first',
    'What was sent, to which endpoint, how many attempts, the last answer, and the payload. Admins only.',
  ],
  replayWebhookDelivery: [
    'Send a delivery again',
    'The same message (same webhook-id and body, newly signed) goes out at once and is retried for 24 hours.',
  ],
} as const;

export const doc = (operationId: keyof typeof TEXTS) => ({
  operationId,
  tags: [API_TAGS.webhooks],
  summary: TEXTS[operationId][0],
  description: TEXTS[operationId][1],
});
