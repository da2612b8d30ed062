// The events a customer's webhook endpoint may ask for. Each comes from a change of one record (by
// any path: REST, a device's sync push, an import) of the customer's own projects; `data` is the
// record as the REST API reads it. Shared by the server (which sends them) and the admin screen.
export const webhookEvents = [
  'project.created',
  'project.updated',
  'project.completed',
  'project.deleted',
  'packing_item.created',
  'packing_item.updated',
  'packing_item.validated',
  'packing_item.deleted',
  'incidence.opened',
  'incidence.updated',
  'incidence.closed',
  'incidence.deleted',
  'report.ready',
  'container_report.completed',
] as const;

export type WebhookEvent = (typeof webhookEvents)[number];

/** Where a delivery to an endpoint stands (the database's CHECK on webhook_delivery.status says the same). */
export const deliveryStates = ['pending', 'delivered', 'failed'] as const;
