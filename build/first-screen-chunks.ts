import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the public screens and the start-up load (files, or folders ending in '/'): none of it goes into the
 * signed-in groups below, so / and /login never load those chunks.
 */
const PUBLIC_ROOTS = [
  'src/main.tsx',
  'src/app/layout/PublicLayout.tsx',
  'src/features/public/',
  'src/features/auth/LoginPage.tsx',
  'src/features/auth/WelcomePage.tsx',
];

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
    buildEnd() {
      const all = [...this.getModuleIds()];
      const closure = (roots: string[], into: Set<string>) => {
        const visit = (id: string) => {
          if (into.has(id)) return;
          into.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const root of roots) {
          const path = resolve(projectRoot, root);
          if (root.endsWith('/')) for (const id of all.filter((id) => id.startsWith(`${path}/`))) visit(id);
          else if (this.getModuleInfo(path)) visit(path);
          else this.error(`first-screen chunks: ${root} is not in the build (renamed?)`);
        }
        return into;
      };
      const taken = closure(PUBLIC_ROOTS, new Set());
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
