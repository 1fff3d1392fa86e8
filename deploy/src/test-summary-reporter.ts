import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST_FILES = 15;

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so CI can read the result of the run in any language. Skipped suites (e.g. the
 * EventStoreDB/MongoDB adapters without their URLs) are listed by name so nothing is hidden,
 * and the longest files with their durations, and each group of projects' wall clock (groups run one
 * after another, so their spans add up to the run). LOCUS_TEST_TIMINGS=<file> writes every file's
 * start and end as JSON, to see how the workers were kept busy.
 */
export default class TestSummaryReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleStart(mod: TestModule): void {
    this.started.set(moduleKey(mod), Date.now());
  }

  onTestModuleEnd(mod: TestModule): void {
    this.ended.set(moduleKey(mod), Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const skippedSuites = new Set<string>();
    const retried: string[] = [];
    for (const mod of testModules) {
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed += 1;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if ((test.diagnostic()?.retryCount ?? 0) > 0) retried.push(`${test.fullName} (${state})`);
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else {
          skipped += 1;
          skippedSuites.add(outermostSuiteName(test) ?? mod.moduleId);
        }
      }
    }
    failed += unhandledErrors.length;
    // The longest files, so a run's log says where `npm test`'s time went without a rerun.
    const slowest = [...testModules]
      .map((mod) => ({ name: moduleKey(mod), ms: mod.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_FILES);
    if (slowest.length > 0) {
      process.stdout.write(`\nLongest files:\n${slowest.map((f) => `  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.name}`).join('\n')}\n`);
    }
    this.printGroups(testModules);
    if (skippedSuites.size > 0) {
      process.stdout.write(`\nNot run:\n${[...skippedSuites].map((s) => `  - ${s}`).join('\n')}\n`);
    }
    if (retried.length > 0) {
      process.stdout.write(`\nRun more than once (flaky until fixed):\n${retried.map((t) => `  - ${t}`).join('\n')}\n`);
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }

  private printGroups(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules
      .map((mod) => ({ key: moduleKey(mod), group: mod.project.config.sequence.groupOrder, ms: mod.diagnostic().duration }))
      .map((f) => ({ ...f, start: this.started.get(f.key), end: this.ended.get(f.key) }))
      .filter((f): f is typeof f & { start: number; end: number } => f.start !== undefined && f.end !== undefined);
    if (files.length === 0) return;
    const groups = [...new Set(files.map((f) => f.group))]
      .sort((a, b) => a - b)
      .map((group) => {
        const of = files.filter((f) => f.group === group);
        const start = Math.min(...of.map((f) => f.start));
        const end = Math.max(...of.map((f) => f.end));
        return `  group ${group}: ${((end - start) / 1000).toFixed(1)} s, ${of.length} ${of.length === 1 ? 'file' : 'files'}`;
      });
    process.stdout.write(`\nGroups (wall clock):\n${groups.join('\n')}\n`);
    const out = process.env.LOCUS_TEST_TIMINGS;
    if (out) writeFileSync(out, JSON.stringify(files, null, 1));
  }
}

/** A file's project and path: one file can run in two projects. */
const moduleKey = (mod: TestModule) => `${mod.project.name} ${path.relative(process.cwd(), mod.moduleId)}`;

/** The top-level describe of a test: where a whole adapter suite says why it was not run. */
function outermostSuiteName(test: { parent: unknown }): string | undefined {
  let node = test.parent as { type: string; name?: string; parent?: unknown };
  let name: string | undefined;
  while (node && node.type === 'suite') {
    name = node.name;
    node = node.parent as typeof node;
  }
  return name;
}
