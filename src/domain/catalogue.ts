// What the app needs of the registry before its first form: each resource's sync scope, local indexes,
// links to other resources, names and who may add one, and the data version. The registry (./registry.ts)
// builds zod schemas, which the app loads only where it validates (a save, the sync panel's fix form);
// catalogue.json is made from it by catalogue.test.ts, which fails while the two differ (after a registry
// change: `npx vitest run --project unit src/domain/catalogue.test.ts -u`).
import data from './catalogue.json';
import type { ResourceName } from './registry';
import type { Role } from './resource';

/** A field's link to another resource: what it points to, what to show of it, one or a list. */
interface CatalogueRef {
  readonly resource: ResourceName;
  readonly display: readonly string[];
  readonly many: boolean;
}

interface CatalogueEntry {
  readonly scope: 'global' | 'project';
  /** The field naming a project-scoped row's project. */
  readonly projectField: string | null;
  readonly dexieIndexes: readonly string[];
  readonly refs: Readonly<Record<string, CatalogueRef>>;
  /** A reference list's English and Spanish name fields. */
  readonly translated: { readonly en: string; readonly es: string } | null;
  /** The text fields of its `display` (what names a record where another refers to it), in order. */
  readonly labelFields: readonly string[];
  readonly creatableBy: Role | null;
}

interface Catalogue {
  /** ./data-version.ts's fingerprint of the registry. */
  readonly dataVersion: string;
  /** In the registry's (dependency) order. */
  readonly resources: Readonly<Record<ResourceName, CatalogueEntry>>;
}

export const catalogue = data as Catalogue;

const names = Object.keys(catalogue.resources) as ResourceName[];

export function isResourceName(name: string): name is ResourceName {
  return Object.hasOwn(catalogue.resources, name);
}

/** Resources the sync pull sends to every device, and those sent with their project. */
export const globalResources = names.filter((name) => catalogue.resources[name].scope === 'global');
export const projectResources = names.filter((name) => catalogue.resources[name].scope === 'project');

/** Dexie store declarations per resource: primary key id, then the indexes screens filter by. */
export const dexieStores = Object.fromEntries(
  names.map((name) => [name, ['id', ...catalogue.resources[name].dexieIndexes].join(', ')]),
) as Record<ResourceName, string>;
