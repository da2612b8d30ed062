import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * What the start-up loads, and the screens a visitor signed out opens (the route table's screens of access
 * 'public' or 'guest', read from the table itself): none of what they import goes into the signed-in groups
 * below, so / and /login never load those chunks.
 */
const START_UP = ['src/main.tsx', 'src/app/layout/PublicLayout.tsx'];
const ROUTE_TABLE = 'src/app/routes.ts';

/**
 * The signed-in first screen (/projects) in three chunks, each holding what its roots import (statically,
 * all the way down) and no earlier group or public screen holds: the sync engine's core (what its pull
 * worker imports too: the worker loads this chunk and nothing of the frame), the signed-in frame with the
 * rest of the engine, and the projects list. The roots themselves (imported with import()) stay chunks of
 * their own. Without this the screen asked for some fifty files, most of a few hundred bytes: six at a time
 * over HTTP/1.1, a round trip each on a slow link, and each compressed alone.
 */
const GROUPS = [
  { name: 'sync-core', roots: ['src/sync/pull.worker.ts'] },
  { name: 'signed-in', roots: ['src/app/layout/AppLayout.tsx', 'src/app/sync-shell.ts'] },
  { name: 'projects-list', roots: ['src/features/projects/ProjectsPage.tsx'] },
];

/** The ESTree nodes under `value`, depth first. */
function* nodesOf(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* nodesOf(item);
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (typeof node.type === 'string') yield node;
    for (const [key, child] of Object.entries(node)) if (key !== 'parent') yield* nodesOf(child);
  }
}

const stringOf = (node: unknown) =>
  node && typeof node === 'object' && 'value' in node && typeof node.value === 'string'
    ? node.value
    : undefined;

/**
 * The modules of the route table's screens that a visitor signed out opens, read from its lines
 * `screen(name, path, access, () => import('...'), ...)`: those whose access is 'public' or 'guest'.
 */
async function signedOutScreens(context: Rollup.PluginContext, table: string): Promise<string[]> {
  const code = context.getModuleInfo(table)?.code;
  if (!code) return context.error(`first-screen chunks: ${table} is not in the build (renamed?)`);
  const screens: string[] = [];
  let lines = 0;
  for (const node of nodesOf(context.parse(code))) {
    const callee = node.callee as { name?: unknown } | undefined;
    if (node.type !== 'CallExpression' || callee?.name !== 'screen') continue;
    const [, , access, load] = node.arguments as unknown[];
    // The import() itself (the build may have wrapped it in its preload helper by now).
    const imported = [...nodesOf(load)].find((inner) => inner.type === 'ImportExpression');
    const source = stringOf(imported?.source);
    if (!stringOf(access) || !source)
      return context.error(
        `first-screen chunks: a screen(...) of ${table} without its access or import('...')`,
      );
    lines += 1;
    if (stringOf(access) === 'auth') continue;
    const resolved = await context.resolve(source, table);
    if (!resolved) return context.error(`first-screen chunks: ${source} (${table}) does not resolve`);
    screens.push(resolved.id);
  }
  if (lines === 0 || screens.length === 0)
    return context.error(
      `first-screen chunks: no screen(name, path, access, () => import(...)) read in ${table}`,
    );
  return screens;
}

interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: false;
}

/**
 * The plugin reads the module graph once it is complete (buildEnd, before the chunks are made); the groups
 * (for `build.rollupOptions.output.codeSplitting.groups`) capture the modules it assigned them. Their
 * dependencies are not pulled in after them (`includeDependenciesRecursively: false`): a module the public
 * screens share stays where it is. The groups cannot import each other in a circle: each holds only modules
 * that the earlier ones and the public screens do not, and a module's imports are in its own group or an
 * earlier one.
 */
export function firstScreenChunks(projectRoot: string): { plugin: Plugin; groups: ChunkGroup[] } {
  const members = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'karbontrack:first-screen-chunks',
    apply: 'build',
    async buildEnd() {
      const closure = (roots: string[], into: Set<string>) => {
        const visit = (id: string) => {
          if (into.has(id)) return;
          into.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const root of roots) {
          const path = resolve(projectRoot, root);
          if (this.getModuleInfo(path)) visit(path);
          else this.error(`first-screen chunks: ${root} is not in the build (renamed?)`);
        }
        return into;
      };
      const taken = closure(
        [...START_UP, ...(await signedOutScreens(this, resolve(projectRoot, ROUTE_TABLE)))],
        new Set(),
      );
      for (const group of GROUPS) {
        const roots = new Set(group.roots.map((root) => resolve(projectRoot, root)));
        const own = new Set([...closure(group.roots, new Set())].filter((id) => !taken.has(id)));
        for (const id of own) taken.add(id);
        // A root imported with import() stays its own chunk: in a group, its exports end up in a chunk
        // of another group (rolldown 1.2, "Export '..._exports' is not defined").
        for (const root of roots) own.delete(root);
        members.set(group.name, own);
      }
    },
  };
  const groups = GROUPS.map(
    (group): ChunkGroup => ({
      name: group.name,
      test: (id) => members.get(group.name)?.has(id) ?? false,
      includeDependenciesRecursively: false,
    }),
  );
  return { plugin, groups };
}
