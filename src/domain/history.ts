// A record's history as the API gives it (GET /api/<resource>/<id>/history/), from the audit log: who
// changed which field from what to what, and when. The server builds it, the screens read it.
export interface HistoryEntry {
  action: 'create' | 'update' | 'delete';
  version: number;
  changes: Record<string, { from: unknown; to: unknown }>;
  user: { id: string; username: string; first_name: string; last_name: string } | null;
  client_id: string | null;
  occurred_at: string | null;
  /** When the server recorded it. */
  at: string;
  /** Why an entry is special: 'merge', 'superseded by a later change'... */
  note: string | null;
}
