import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allFields, sqlType } from './columns';
import { looseLabelColorHex, looseLabelColors, packingLabelColorHex, packingLabelColors } from './enums';
import { dexieStores, getResource, refsOf, resourceNames, resources } from './registry';

const spec = {
  entities: [
    'project',
    'packing-list',
    'remaining-parts',
    'project-event',
    'hand',
    'hand-event',
    'hand-incidence',
    'incidence',
    'coil-report',
    'sof-report',
    'prompter-report',
    'container-report',
    'attachment',
    // Beyond the spec: the SOF signed on the tablet (product-decisions.md, second wave).
    'sof-signature',
  ],
  lookups: [
    'commodity',
    'port',
    'accounts',
    'country',
    'vessel',
    'project-status',
    'report-status',
    'project-activity',
    'event',
    'crane-type',
    'users',
    'incidence-status',
    'incidence-type',
  ],
};

describe('registry', () => {
  it('holds exactly the resources of the spec, named by their REST path', () => {
    expect([...resourceNames].sort()).toEqual([...spec.entities, ...spec.lookups].sort());
    for (const name of resourceNames) {
      const resource = resources[name];
      expect(resource.name).toBe(name);
      expect(resource.table).toBe(name.replaceAll('-', '_'));
      expect(resource.kind).toBe(spec.lookups.includes(name) ? 'lookup' : 'entity');
      expect(getResource(name)).toBe(resource);
    }
    expect(getResource('constructor')).toBeUndefined();
  });

  it('orders resources so every ref points to an earlier one', () => {
    resourceNames.forEach((name, index) => {
      for (const ref of Object.values(refsOf(resources[name]))) {
        if (ref.resource === name) continue;
        expect(resourceNames.indexOf(ref.resource), `${name} -> ${ref.resource}`).toBeLessThan(index);
      }
    });
  });

  it('names only fields that exist', () => {
    for (const name of resourceNames) {
      const resource = resources[name];
      const fields = allFields(resource);
      const has = (field: string) => field === 'id' || field in fields;
      for (const shown of resource.display) expect(has(shown), `${name} display ${shown}`).toBe(true);
      for (const order of resource.ordering)
        expect(has(order.replace(/^-/, '')), `${name} order ${order}`).toBe(true);
      expect(resource.ordering.at(-1)?.replace(/^-/, ''), `${name} order ends with id`).toBe('id');
      for (const filter of resource.filters) {
        const named = 'fields' in filter ? filter.fields : [filter.field];
        for (const field of named) expect(has(field), `${name} filter ${filter.name}`).toBe(true);
      }
      for (const set of resource.unique) for (const field of set) expect(has(field)).toBe(true);
      for (const rule of resource.rules) {
        const named =
          rule.kind === 'sameProject' ? rule.fields : [rule.field, ...(rule.when ? [rule.when] : [])];
        for (const field of named) expect(has(field), `${name} rule on ${field}`).toBe(true);
      }
      for (const index of resource.dexieIndexes) {
        for (const part of index.replace(/[[\]*&]/g, '').split('+')) {
          expect(has(part) || part === 'seq', `${name} index ${index}`).toBe(true);
        }
      }
    }
  });

  it('scopes project rows by a project ref and lists children by a parent ref', () => {
    for (const name of resourceNames) {
      const resource = resources[name];
      const refs = refsOf(resource);
      if (resource.scope === 'project') {
        expect(resource.projectField, name).toBeDefined();
        expect(refs[resource.projectField ?? '']?.resource, name).toBe('project');
      } else {
        expect(resource.projectField, name).toBeUndefined();
      }
      if (resource.parent) expect(refs[resource.parent], `${name} parent`).toBeDefined();
    }
    expect(resources.hand.parent).toBe('event');
    expect(resources['hand-event'].parent).toBe('hand');
    expect(resources.hand.derived.project).toEqual({ from: 'event', path: ['project'] });
    expect(resources.hand.readOnlyFields).toHaveProperty('project');
  });

  it('follows refAttribute paths through refs to a real field', () => {
    for (const name of resourceNames) {
      for (const rule of resources[name].rules) {
        if (rule.kind !== 'refAttribute') continue;
        let current = getResource(refsOf(resources[name])[rule.field].resource);
        for (const [i, step] of rule.path.entries()) {
          expect(current, `${name} rule path`).toBeDefined();
          if (!current) break;
          const fields = allFields(current);
          expect(fields[step], `${name} rule step ${step}`).toBeDefined();
          if (i < rule.path.length - 1) current = getResource(refsOf(current)[step].resource);
          else
            expect(fields[step].info.values ?? rule.oneOf).toEqual(expect.arrayContaining([...rule.oneOf]));
        }
      }
    }
  });

  it('pages as the spec says and keeps lookups and project delete for admins', () => {
    expect(resources.project.pageSize).toEqual({ default: 10, max: 1000 });
    expect(resources['remaining-parts'].pageSize.default).toBe(5);
    expect(resources.port.pageSize).toEqual({ default: 999, max: 999 });
    expect(resources.project.deletableBy).toBe('admin');
    expect(resources.hand.writableBy).toBe('staff');
    for (const name of spec.lookups) expect(resources[name as 'port'].writableBy).not.toBe('staff');
    expect(resources.users.writableBy).toBeNull();
  });

  it('shows what the screens show for refs', () => {
    const refs = refsOf(resources.project);
    expect(refs.customer).toEqual({ resource: 'accounts', display: ['trade_name'], many: false });
    expect(refs.completed_by.display).toEqual(['username', 'first_name', 'last_name']);
    expect(refsOf(resources.incidence).users_interested.many).toBe(true);
    expect(refsOf(resources['container-report']).status.display).toEqual(['description', 'description_es']);
  });

  it('maps each field kind to one column type', () => {
    const fields = allFields(resources['packing-list']);
    expect(sqlType(fields.net_weight.info)).toBe('numeric(14,3)');
    expect(sqlType(fields.label_color.info)).toBe('text[]');
    expect(sqlType(fields.validation_datetime.info)).toBe('timestamptz');
    expect(sqlType(fields.validation_hand.info)).toBe('uuid');
    expect(dexieStores['packing-list']).toMatch(/^id, seq, project, /);
  });

  it('has every label color with a fixed hex value', () => {
    expect(looseLabelColors).toHaveLength(14);
    expect(Object.keys(looseLabelColorHex).sort()).toEqual([...looseLabelColors].sort());
    expect(Object.keys(packingLabelColorHex).sort()).toEqual([...packingLabelColors].sort());
    expect(packingLabelColors).not.toContain('white');
    expect(packingLabelColorHex.gold).toBe(looseLabelColorHex.golden);
    for (const hex of Object.values(looseLabelColorHex)) expect(hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('gives each schema a JSON Schema for the API docs', () => {
    for (const name of resourceNames) {
      const json = z.toJSONSchema(resources[name].schema, { io: 'input', unrepresentable: 'any' });
      expect(json, name).toHaveProperty('properties');
    }
    const packing = z.toJSONSchema(resources['packing-list'].schema, { io: 'input', unrepresentable: 'any' });
    expect(packing.properties?.net_weight).toEqual({
      anyOf: [expect.objectContaining({ type: 'string', format: 'decimal' }), { type: 'null' }],
    });
  });
});
