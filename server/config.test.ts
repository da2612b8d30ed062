// README's configuration table names every variable the server reads, and only those.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './config.js';

describe('the configuration', () => {
  it('is documented in the README table, one row per variable', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Variable')));
    const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
