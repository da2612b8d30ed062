// Every Mantine component the app renders has its styles: the component's own stylesheet, and those of
// the components it is built from (a Select is an Input, a Combobox, a Popover, a ScrollArea...), are
// imported by ./first.css, ./rest.css or a module of src/. Mantine ships a stylesheet per component;
// ./rest.css imports only those the app uses, so a component used for the first time without its styles
// fails here rather than showing unstyled on a screen no test looks at.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const CORE = join(ROOT, 'node_modules/@mantine/core');
const COMPONENTS = join(CORE, 'esm/components');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The components with a stylesheet of their own (@mantine/core/styles/<Name>.layer.css). */
const styled = new Set(
  readdirSync(join(CORE, 'styles'))
    .filter((name) => name.endsWith('.layer.css'))
    .map((name) => name.replace('.layer.css', '')),
);

/** The components (styled or not) a component's modules import (`../Combobox/…`, `./CheckboxIndicator/…`, `../../utils/InlineInput/…`). */
function builtFrom(component: string): string[] {
  const found = new Set<string>();
  for (const file of filesUnder(join(COMPONENTS, component), (name) => name.endsWith('.mjs')))
    for (const match of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g))
      for (const segment of match[1].split('/'))
        if (styled.has(segment) && segment !== component) found.add(segment);
  return [...found];
}

/** Names imported from @mantine/core by `files` (`quote`: the quote mark their imports use). */
function importedFromCore(files: string[], quote: string): string[] {
  const pattern = new RegExp(
    `import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*${quote}@mantine/core${quote}`,
    'g',
  );
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].flatMap((match) =>
      match[1]
        .split(',')
        .map((name) =>
          name
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]
            .trim(),
        )
        .filter(Boolean),
    ),
  );
}

const sources = filesUnder(
  join(ROOT, 'src'),
  (name) => /\.(tsx?|css)$/.test(name) && !name.includes('.test.'),
);

/** What the app renders (its own imports, and the core components @mantine/dates' pickers are made of), with what those are built from. */
function neededComponents(): Set<string> {
  const dates = filesUnder(join(ROOT, 'node_modules/@mantine/dates/esm'), (name) => name.endsWith('.mjs'));
  const used = [
    ...importedFromCore(
      sources.filter((file) => /\.tsx?$/.test(file)),
      "'",
    ),
    ...importedFromCore(dates, '"'),
  ];
  const needed = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    // A Select has no stylesheet of its own: it is an Input with a Combobox.
    if (styled.has(name)) needed.add(name);
    if (existsSync(join(COMPONENTS, name))) for (const inner of builtFrom(name)) visit(inner);
  };
  for (const name of used) visit(name);
  return needed;
}

describe('Mantine styles', () => {
  const imported = new Set(
    sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g)].map(
        (match) => match[1],
      ),
    ),
  );
  const needed = neededComponents();

  it('are imported for every component the app uses and every component those are built from', () => {
    // The guard finds what it guards: the projects list's table, the forms' selects and what they are made of.
    for (const name of [
      'Table',
      'Input',
      'Combobox',
      'Popover',
      'ScrollArea',
      'InlineInput',
      'CheckboxIndicator',
    ])
      expect(needed, name).toContain(name);
    const missing = [...needed].filter((name) => !imported.has(name)).sort();
    expect(missing, 'used without their stylesheet: add them to src/app/styles/rest.css').toEqual([]);
  });

  it('are not imported for components the app never uses (each one costs a tablet the parse)', () => {
    const rest = readFileSync(join(__dirname, 'rest.css'), 'utf8');
    const unused = [...rest.matchAll(/styles\/(\w+)\.layer\.css/g)]
      .map((match) => match[1])
      .filter((name) => !needed.has(name));
    expect(unused).toEqual([]);
  });
});
