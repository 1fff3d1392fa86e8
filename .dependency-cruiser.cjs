/** Boundaries worth protecting (STYLE.md): checked by `npm run lint`. */
const adapters = '^platform/src/(event-store/(sqlite|eventstoredb)-event-store|read-store/(embedded|mongo)-read-store|bus/(nats|in-process)-bus)\\.ts$';
/** Deciders (and the files holding their state), the kit's pure part, and projections. */
const pureCode = [
  '^command-api/src/kit/decider\\.ts$',
  '^command-api/src/[^/]+/([^/]+-(decider|state)|otp-challenge|admin-settings|company-settings|staff-member|azure-directory)\\.ts$',
  '^projectors/src/[^/]+/[^/]+-projection\\.ts$',
];
/** What pure code must never load, even indirectly: adapters, their drivers, Koa, the logger. */
const heavy = [
  adapters,
  '^platform/src/(index|adapters|runtimes|http-kit)\\.ts$',
  '^platform/src/(config/|runtime/(?!definitions|deps)|http/(?!errors|route-handler|state|zod-fields|response))',
  '(^|/)node_modules/(better-sqlite3|koa|@koa/[^/]+|koa-body|mingo|pino|mongodb|nats|@eventstore/[^/]+|nodemailer|jose)/',
];
module.exports = {
  forbidden: [
    {
      name: 'pure-code-reaches-no-adapter',
      comment: 'A decider, state or projection loads ports and errors only (@locus/platform/ports), never an adapter, runtime or the Koa kit, even indirectly.',
      severity: 'error',
      from: { path: pureCode, pathNot: '\\.spec\\.ts$' },
      to: { path: heavy, reachable: true },
    },
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
      name: 'server-features-reach-no-other-feature-inside',
      comment:
        'A server feature (a folder under command-api/src, projectors/src or query-api/src) imports the kits, the Google client, its own files in any app, and of another feature only its public face, <feature>/public.ts. Specs and testing/ helpers compose features for tests.',
      severity: 'error',
      from: { path: '^(command-api|projectors|query-api)/src/([^/]+)/', pathNot: ['\\.spec\\.ts$', '/testing/'] },
      to: {
        path: '^(command-api|projectors|query-api)/src/[^/]+/',
        pathNot: [
          '^(command-api|projectors|query-api)/src/$2/',
          '^command-api/src/(kit|google)/',
          '^(projectors|query-api)/src/kit/',
          '^(command-api|projectors|query-api)/src/[^/]+/public\\.ts$',
        ],
      },
    },
    {
      name: 'no-circular',
      comment: 'A cycle through a lazy import() is no load-order cycle (a web page loads after the app that lists it); every other is an error.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
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
