import { describe, expect, it } from 'vitest';
import { featureContracts, LIVE_COLLECTIONS, routeTable, type RouteDef } from '@locus/contracts';
import type { CommandDeps, QueryDeps, RouteImplementation } from '@locus/platform';
import { createInProcessBus } from '@locus/platform/adapters';
import { loadConfig } from '@locus/platform/config/config';
import { memoryLogger } from '@locus/platform/http/testing';
import { commandApiRoutes } from '@locus/command-api/app';
import { commandManifests, reactorFeatures, scheduleFeatures } from '@locus/command-api/features';
import { opsCommands } from '@locus/command-api/ops/manifest';
import { queryApiRoutes } from '@locus/query-api/app';
import { queryManifests } from '@locus/query-api/features';
import { liveQueries } from '@locus/query-api/live/manifest';
import { opsQueries } from '@locus/query-api/ops/manifest';
import { projectorManifests, projections } from '@locus/projectors/features';
import { webManifests } from '@web/app/features';
import { TAG_TYPES } from '@web/app/tag-types';
import { COLLECTION_TAGS } from '@web/app/live/collection-tags';
import { featureSlots } from '@web/app/feature-slot-registry';
import { routeAccess } from '@web/app/route-access';

/** What one manifest declares of a kind of part (routes, reactors, tags...). */
interface Declared {
  manifest: string;
  keys: readonly string[];
}

/**
 * Compares what an app runs (`composed`) with what the manifests declare: every part must be
 * run once and declared by exactly one manifest, and every declared part must be run.
 */
const ownershipProblems = (composed: readonly string[], declared: readonly Declared[]): string[] => {
  const owners = new Map<string, string[]>();
  for (const { manifest, keys } of declared) for (const key of keys) owners.set(key, [...(owners.get(key) ?? []), manifest]);
  const runs = new Map<string, number>();
  for (const key of composed) runs.set(key, (runs.get(key) ?? 0) + 1);
  const problems: string[] = [];
  for (const [key, count] of runs) {
    const by = owners.get(key) ?? [];
    if (by.length === 0) problems.push(`${key}: run by the app, declared by no manifest`);
    if (by.length > 1) problems.push(`${key}: declared by ${by.length} manifests (${by.join(', ')})`);
    if (count > 1) problems.push(`${key}: run ${count} times`);
  }
  for (const [key, by] of owners) if (!runs.has(key)) problems.push(`${key}: declared by ${by.join(', ')}, not run by the app`);
  return problems;
};

/** The owner of each key, for keys with exactly one. */
const ownerOf = (declared: readonly Declared[]): Map<string, string> =>
  new Map(declared.flatMap(({ manifest, keys }) => keys.map((key) => [key, manifest] as const)));

const routeKey = (def: Pick<RouteDef, 'method' | 'path'>) => `${def.method} ${def.path}`;

/** A port that must not be used: building a manifest's parts only closes over its deps. */
const untouched = <T extends object>(port: string): T =>
  new Proxy({} as T, {
    get: (_target, key) => {
      throw new Error(`${port}.${String(key)} used while building the manifests' parts`);
    },
  });

const config = loadConfig({ LOCUS_DATA_DIR: '/nonexistent/locus-manifests', PORT: '18080' }, { sandboxByDefault: true });
const logger = memoryLogger('silent').logger;
const commandDeps: CommandDeps = {
  eventStore: untouched('eventStore'),
  readModels: untouched('readModels'),
  readStore: untouched('readStore'),
  // the live stream's hub listens for the bus's reconnects from the start; an in-process bus does no I/O
  bus: createInProcessBus(),
  clock: untouched('clock'),
  ids: untouched('ids'),
  mailer: untouched('mailer'),
  tokens: untouched('tokens'),
  logger,
  config,
};
const queryDeps: QueryDeps = { readModels: commandDeps.readModels, bus: commandDeps.bus, clock: commandDeps.clock, tokens: commandDeps.tokens, logger, config };

const routesOf = (manifest: string, impls: readonly RouteImplementation[]): Declared => ({ manifest, keys: impls.map((impl) => routeKey(impl.def)) });
const commandSide: Declared[] = [opsCommands, ...commandManifests].map((m) => routesOf(m.name, m.routes?.(commandDeps) ?? []));
const querySide: Declared[] = [routesOf(liveQueries.name, liveQueries.routes(queryDeps)), routesOf(opsQueries.name, opsQueries.routes(queryDeps))].concat(
  queryManifests.map((m) => routesOf(m.name, m.routes(queryDeps))),
);
const contractRoutes: Declared[] = featureContracts.map((c) => ({ manifest: c.name, keys: c.routes.map(routeKey) }));
const contractNames: readonly string[] = featureContracts.map((c) => c.name);

describe('a feature is its manifests', () => {
  it('finds a part run outside any manifest, declared twice, run twice or declared and not run', () => {
    const declared = [
      { manifest: 'reviews', keys: ['reviews.ingest'] },
      { manifest: 'templates', keys: ['templates.publish', 'templates.sync'] },
    ];
    expect(ownershipProblems(['reviews.ingest', 'templates.publish', 'templates.sync'], declared)).toEqual([]);
    expect(ownershipProblems(['reviews.ingest', 'templates.publish', 'templates.sync', 'stray'], declared)).toEqual([
      'stray: run by the app, declared by no manifest',
    ]);
    expect(ownershipProblems(['reviews.ingest', 'templates.publish', 'templates.publish'], declared)).toEqual([
      'templates.publish: run 2 times',
      'templates.sync: declared by templates, not run by the app',
    ]);
    expect(ownershipProblems(['reviews.ingest'], [...declared.slice(0, 1), { manifest: 'insights', keys: ['reviews.ingest'] }])).toEqual([
      'reviews.ingest: declared by 2 manifests (reviews, insights)',
    ]);
  });

  it('names each manifest of an app after a feature contract, once', () => {
    const apps = {
      command: [opsCommands, ...commandManifests].map((m) => m.name),
      query: [liveQueries, opsQueries, ...queryManifests].map((m) => m.name),
      projectors: projectorManifests.map((m) => m.name),
    };
    for (const [app, names] of Object.entries(apps)) {
      expect(
        names.filter((name) => !contractNames.includes(name)),
        `${app} manifests without a contract`,
      ).toEqual([]);
      expect(new Set(names).size, `${app} manifests named twice`).toBe(names.length);
    }
    expect(new Set(contractNames).size).toBe(contractNames.length);
    expect(new Set(webManifests.map((m) => m.name)).size).toBe(webManifests.length);
  });

  it('builds the route table from the contracts, each route in exactly one', () => {
    expect(ownershipProblems(routeTable.map(routeKey), contractRoutes)).toEqual([]);
  });

  it('implements every route of the table in exactly one server manifest, of the feature whose contract has it, on the side of its kind', () => {
    expect(ownershipProblems(routeTable.map(routeKey), [...commandSide, ...querySide])).toEqual([]);
    const contractOf = ownerOf(contractRoutes);
    const implementedBy = ownerOf([...commandSide, ...querySide]);
    const strangers = routeTable.map(routeKey).filter((key) => implementedBy.get(key) !== contractOf.get(key));
    expect(strangers, 'routes implemented by another feature than the one declaring them').toEqual([]);
    const commandKeys = new Set(commandSide.flatMap((d) => d.keys));
    const wrongSide = routeTable.filter((r) => (r.kind === 'command') !== commandKeys.has(routeKey(r))).map((r) => `${r.kind} ${r.name}`);
    expect(wrongSide, 'command routes served by query-api or queries by command-api').toEqual([]);
  });

  it('mounts in each API exactly the routes of its manifests', () => {
    expect(
      ownershipProblems(
        commandApiRoutes(commandDeps).map((impl) => routeKey(impl.def)),
        commandSide,
      ),
    ).toEqual([]);
    expect(
      ownershipProblems(
        queryApiRoutes(queryDeps).map((impl) => routeKey(impl.def)),
        querySide,
      ),
    ).toEqual([]);
  });

  it('runs every reactor and schedule from exactly one command manifest', () => {
    const reactors = commandManifests.map((m) => ({ manifest: m.name, keys: (m.reactors?.(commandDeps) ?? []).map((r) => r.name) }));
    expect(
      ownershipProblems(
        reactorFeatures.flatMap((feature) => feature(commandDeps)).map((r) => r.name),
        reactors,
      ),
    ).toEqual([]);
    const schedules = commandManifests.map((m) => ({ manifest: m.name, keys: (m.schedules?.(commandDeps) ?? []).map((s) => s.name) }));
    expect(
      ownershipProblems(
        scheduleFeatures.flatMap((feature) => feature(commandDeps)).map((s) => s.name),
        schedules,
      ),
    ).toEqual([]);
  });

  it('runs every projection from exactly one projector manifest', () => {
    const declared = projectorManifests.map((m) => ({ manifest: m.name, keys: m.projections.map((p) => p.name) }));
    expect(
      ownershipProblems(
        projections.map((p) => p.name),
        declared,
      ),
    ).toEqual([]);
  });

  it('declares every live collection in exactly one contract, written by a projection of that feature', () => {
    const declared = featureContracts.map((c) => ({ manifest: c.name, keys: Object.keys(c.liveCollections) }));
    expect(ownershipProblems(Object.keys(LIVE_COLLECTIONS), declared)).toEqual([]);
    const contractOf = ownerOf(declared);
    const writers = projectorManifests.flatMap((m) => m.projections.flatMap((p) => p.collections.map((c) => ({ collection: c.name, feature: m.name }))));
    // the runtime, not a projection, writes the ops status
    const projected = Object.keys(LIVE_COLLECTIONS).filter((collection) => contractOf.get(collection) !== 'ops');
    const misplaced = projected.filter((collection) => {
      const by = writers.filter((w) => w.collection === collection);
      return by.length !== 1 || by[0]?.feature !== contractOf.get(collection);
    });
    expect(misplaced, 'live collections not written by exactly one projection of their feature').toEqual([]);
  });

  it('maps every live collection to tags in exactly one web manifest, and declares every tag type in exactly one', () => {
    const mapped = webManifests.map((m) => ({ manifest: m.name, keys: Object.keys(m.collectionTags) }));
    expect(ownershipProblems(Object.keys(LIVE_COLLECTIONS), mapped)).toEqual([]);
    expect(Object.keys(COLLECTION_TAGS).sort()).toEqual(Object.keys(LIVE_COLLECTIONS).sort());
    const tagTypes = webManifests.map((m) => ({ manifest: m.name, keys: m.tagTypes }));
    expect(ownershipProblems(TAG_TYPES, tagTypes)).toEqual([]);
  });

  it('opens every guarded path from exactly one page and fills every slot from one web manifest', () => {
    const pages = webManifests.map((m) => ({ manifest: m.name, keys: m.pages.map((p) => p.path) }));
    expect(ownershipProblems(Object.keys(routeAccess), pages)).toEqual([]);
    const slots = webManifests.map((m) => ({ manifest: m.name, keys: Object.keys(m.slots) }));
    expect(ownershipProblems(Object.keys(featureSlots), slots)).toEqual([]);
  });
});
