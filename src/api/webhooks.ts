// The webhook admin endpoints (/api/webhooks/...): customer endpoints, their deliveries, replays.
// Online only, for admins; only this file talks to them.
import type { deliveryStates, WebhookEvent } from '../domain/webhook-events';
import { api } from './client';

export interface WebhookEndpoint {
  id: string;
  account: { id: string; trade_name: string };
  url: string;
  events: WebhookEvent[];
  description: string;
  active: boolean;
  created_at: string;
  updated_at: string;
  /** On a create and a read of one. */
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint: string;
  event_type: WebhookEvent;
  resource: string;
  record_id: string;
  status: (typeof deliveryStates)[number];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string;
  delivered_at: string | null;
  created_at: string;
}

interface List<T> {
  count: number;
  results: T[];
}

export const listEndpoints = (account: string) =>
  api.get('webhooks/endpoints/', { searchParams: { account } }).json<List<WebhookEndpoint>>();

export const createEndpoint = (body: {
  account: string;
  url: string;
  events: WebhookEvent[];
  description: string;
}) => api.post('webhooks/endpoints/', { json: body }).json<WebhookEndpoint>();

export const setEndpointActive = (id: string, active: boolean) =>
  api.patch(`webhooks/endpoints/${id}/`, { json: { active } }).json<WebhookEndpoint>();

export const deleteEndpoint = (id: string) => api.delete(`webhooks/endpoints/${id}/`);

export const listDeliveries = (endpoint: string, page = 1) =>
  api
    .get('webhooks/deliveries/', { searchParams: { endpoint, page, page_size: 20 } })
    .json<List<WebhookDelivery>>();

export const replayDelivery = (id: string) =>
  api.post(`webhooks/deliveries/${id}/replay/`).json<WebhookDelivery>();
