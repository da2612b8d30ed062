// The data version: a fingerprint of what the registry says about the records the app and the server
// exchange (each resource's fields and their kinds, permissions, rules, derived fields, local
// indexes). The app and the server compute it from the same code; the app sends it with every sync
// request, and a server of a release whose records differ answers "reload" (409 app_outdated) without
// touching anything, so a tablet on an older app keeps its outbox until it runs the new one. Wording,
// screens and list settings are left out: a release that changes only those asks nobody to reload. It is
// kept in the registry's catalogue (./catalogue.ts, checked against the registry by its test), so the app
// reads it without loading the registry's schemas.
import { catalogue } from './catalogue';
import type { ResourceName } from './registry';
import type { Resource } from './resource';

/** The header the app's sync requests carry it in. */
export const DATA_VERSION_HEADER = 'x-karbontrack-data';

/** The code of the server's answer to an app of another data version. */
export const APP_OUTDATED = 'app_outdated';

function describe(name: string, resource: Resource): unknown {
  const fields = (map: Record<string, { info: unknown }>) =>
    Object.keys(map)
      .sort()
      .map((key) => [key, map[key]?.info]);
  return [
    name,
    resource.kind,
    resource.scope,
    resource.projectField ?? null,
    resource.parent ?? null,
    fields(resource.fields),
    fields(resource.readOnlyFields),
    resource.writableBy,
    resource.creatableBy,
    resource.deletableBy,
    resource.unique,
    resource.rules.map((rule) => ({ ...rule, message: undefined })),
    resource.derived ?? null,
    resource.dexieIndexes,
    resource.immutable ?? false,
  ];
}

/** Text with object keys in one order, so the fingerprint depends on content only. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** FNV-1a (32 bits) from a seed: two of them give 16 hex characters, enough to tell releases apart. */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The data version of a registry's resources. */
export function dataVersionOf(resources: Readonly<Record<ResourceName, Resource>>): string {
  const names = (Object.keys(resources) as ResourceName[]).sort();
  const text = canonical(names.map((name) => describe(name, resources[name])));
  return `${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x050c5d1f)}`;
}

/** This release's data version. */
export const DATA_VERSION = catalogue.dataVersion;
