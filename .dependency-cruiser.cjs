/** Boundaries worth protecting (STYLE.md): checked by `npm run lint`. */
const adapters = '^platform/src/(event-store/(sqlite|eventstoredb)-event-store|read-store/(embedded|mongo)-read-store|bus/(nats|in-process)-bus)\\.ts$';
module.exports = {
  forbidden: [
    {
      name: 'web-imports-no-server-code',
      comment: 'The browser app may share contracts only.',
      severity: 'error',
      from: { path: '^web/src' },
      to: { path: '^(platform|command-api|projectors|query-api|sandbox|deploy)/' },
    },
    {
      name: 'features-never-import-adapters',
      comment: 'Ports are injected; only entry points and wiring choose adapters.',
      severity: 'error',
      from: {
        path: '^(command-api|projectors|query-api)/src',
        pathNot: ['\\.spec\\.ts$', '/main\\.ts$', '/reactor-worker\\.ts$', '/cli\\.ts$', '/testing/'],
      },
      to: { path: adapters },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'Contracts are shared by every package and import none of them.',
      severity: 'error',
      from: { path: '^contracts/src' },
      to: { path: '^(platform|command-api|projectors|query-api|web|sandbox|deploy)/' },
    },
    {
      name: 'web-features-do-not-import-each-other',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'warn',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|web/dist)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
