import type { AttachmentParent } from '../../../src/domain/attachment.js';
import { resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { HttpError, notFound } from '../../http/errors.js';
import { findRepresentation } from '../engine/read.js';

export interface Parent {
  name: AttachmentParent;
  resource: Resource;
  id: string;
  /** The project the attachments sync with; null for container reports (global). */
  project: string | null;
  /** What the parent is called on screen (for the ZIP's name). */
  label: string;
  /** The record as the REST API reads it (refs as objects). */
  row: Record<string, unknown>;
}

/**
 * The live parent record, as the caller may see it: a parent they cannot read (another customer's
 * project, a container report for a customer token) is a 404, as if it did not exist.
 */
export async function findParent(
  { db }: { db: Database['db'] },
  name: AttachmentParent,
  id: string,
  principal: Principal | null,
): Promise<Parent> {
  const resource = resources[name] as Resource;
  let row: Record<string, unknown> | undefined;
  try {
    row = await findRepresentation({ db }, resource, principal, id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403) throw notFound();
    throw error;
  }
  if (!row) throw notFound();
  const projectRef = row.project as { id?: string } | null | undefined;
  const project = name === 'project' ? String(row.id) : (projectRef?.id ?? null);
  const shown = resource.display
    .map((field) => row[field])
    .find((value) => typeof value === 'string' && value);
  return {
    name,
    resource,
    id: String(row.id),
    project,
    label: typeof shown === 'string' ? shown : id,
    row,
  };
}
