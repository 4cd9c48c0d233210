// The house's import rules, checked by `npm run lint` (and so by `.ci/run`). Type-only imports count: a circle
// through types is still a circle a reader has to follow, and `loop/` must not learn the wire's shapes from `run/`.
/* global module */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circle anywhere in src/: move the shared code to where it belongs instead.',
      from: { path: '^src/' },
      to: { circular: true }
    },
    {
      name: 'loop-is-pure',
      severity: 'error',
      comment:
        'src/loop/ is the protocol as pure functions: it imports only zod and its own files (and two pure parsers, ' +
        'minimatch for globs and marked for comment Markdown, which read text and do nothing else).',
      from: { path: '^src/loop/' },
      to: {
        pathNot: ['^src/loop/', '(^|/)node_modules/(zod|minimatch|marked)/']
      }
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment:
        'src/shared/ is imported by both sides, so it imports nothing from the rest of src/.',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' }
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve is a typo or a missing package.',
      from: { path: '^src/' },
      to: { couldNotResolve: true }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types']
    }
  }
}
