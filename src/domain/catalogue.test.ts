// The catalogue the app reads before any form (./catalogue.json) is what the registry says: made here
// from the registry, it fails while the file differs (`-u` rewrites it after a registry change).
import { describe, expect, it } from 'vitest';
import { catalogue, dexieStores, globalResources, isResourceName, projectResources } from './catalogue';
import { allFields } from './columns';
import { DATA_VERSION, dataVersionOf } from './data-version';
import * as registry from './registry';

const fromRegistry = () => ({
  dataVersion: dataVersionOf(registry.resources),
  resources: Object.fromEntries(
    registry.resourceNames.map((name) => {
      const resource = registry.resources[name];
      return [
        name,
        {
          scope: resource.scope,
          projectField: resource.projectField ?? null,
          dexieIndexes: resource.dexieIndexes,
          refs: registry.refsOf(resource),
          translated: resource.translated ?? null,
          labelFields: resource.display.filter((field) => allFields(resource)[field]?.info.kind === 'text'),
          creatableBy: resource.creatableBy,
        },
      ];
    }),
  ),
});

describe('the registry catalogue', () => {
  it('is made from the registry', async () => {
    await expect(`${JSON.stringify(fromRegistry(), null, 2)}\n`).toMatchFileSnapshot('./catalogue.json');
  });

  it('gives the app what the registry gives the server', () => {
    expect(DATA_VERSION).toBe(dataVersionOf(registry.resources));
    expect(Object.keys(catalogue.resources)).toEqual(registry.resourceNames);
    expect(globalResources).toEqual(registry.globalResources);
    expect(projectResources).toEqual(registry.projectResources);
    expect(dexieStores).toEqual(registry.dexieStores);
    expect(isResourceName('packing-list')).toBe(true);
    expect(isResourceName('toString')).toBe(false);
  });
});
