// The import rules `npm run lint` enforces (dependency-cruiser; docs/architecture.md explains the layers).
// The client's layers, each importing only those before it:
//   domain ← store ← api ← sync ← ui ← features ← app
// and a feature (or the app) using another feature through its index.ts only, and import() of its screens.
// The server imports src/domain only; src/ never imports the server. Tests and test helpers may import
// anything (they are not layered), but import cycles are refused everywhere.
const TESTS = '\\.test\\.tsx?$|/testing(/|\\.ts$)|^tests/|^server/reports/report-fixture\\.ts$';

// Imports into another feature: from a feature (the group names it: its own files are free) or the app shell.
const ANOTHER_FEATURE_FROM = '^src/(features/[^/]+|app|main\\.tsx$)';
const ANOTHER_FEATURE_OK = ['^src/$1/', '^src/features/[^/]+/index\\.ts$'];

const above = (layer, higher) => ({
  name: `${layer}-imports-downwards`,
  comment: `src/${layer} imports only the layers before it (domain ← store ← api ← sync ← ui ← features ← app)`,
  severity: 'error',
  from: { path: `^src/${layer}/`, pathNot: TESTS },
  to: { path: `^src/(${higher.join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Modules that import each other in a circle: move the piece both need into a module of its own. A lazy ' +
        "import() is not part of a circle (a lazily loaded screen or reader may use its loader's module).",
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'domain-is-pure',
      comment:
        'src/domain runs in the browser, the workers and the server: it imports only itself and npm packages.',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: TESTS },
      to: {
        pathNot: '^src/domain/|node_modules',
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-optional', 'npm-peer'],
      },
    },
    above('store', ['api', 'sync', 'ui', 'features', 'app']),
    above('api', ['sync', 'ui', 'features', 'app']),
    above('sync', ['ui', 'features', 'app']),
    above('ui', ['features', 'app']),
    above('features', ['app']),
    {
      name: 'features-through-their-index',
      comment:
        "Another feature's code is imported from its index.ts (src/features/<name>/index.ts), never from its " +
        'other files: what the index exports is its contract, the rest it may change alone.',
      severity: 'error',
      from: { path: ANOTHER_FEATURE_FROM, pathNot: TESTS },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ANOTHER_FEATURE_OK,
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'lazy-features-load-screens',
      comment:
        'A lazy import() into another feature loads one of its screens (a .tsx module: a page, a section, a ' +
        "modal), each its own chunk; its code's other pieces come through its index.ts.",
      severity: 'error',
      from: { path: ANOTHER_FEATURE_FROM, pathNot: TESTS },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: [...ANOTHER_FEATURE_OK, '\\.tsx$'],
        dependencyTypes: ['dynamic-import'],
      },
    },
    {
      name: 'server-uses-only-the-domain',
      comment: 'The server shares src/domain with the app, nothing else of it.',
      severity: 'error',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'app-without-server',
      comment: 'The app and the service worker never import the server.',
      severity: 'error',
      from: { path: '^(src|sw)/', pathNot: TESTS },
      to: { path: '^server/' },
    },
    {
      name: 'production-without-test-code',
      comment: 'Shipped code does not import tests or test helpers.',
      severity: 'error',
      from: { path: '^(src|sw|server)/', pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing (a moved or misspelt file, a missing package).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:|\\?(url|raw|worker)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^tests/erp-client/' },
    tsConfig: { fileName: 'tsconfig.tests.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
