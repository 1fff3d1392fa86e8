import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST_FILES = 15;

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so CI can read the result of the run in any language. Skipped suites (e.g. the
 * EventStoreDB/MongoDB adapters without their URLs) are listed by name so nothing is hidden,
 * and the longest files with their durations.
 */
export default class TestSummaryReporter implements Reporter {
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
      .map((mod) => ({ name: `${mod.project.name} ${path.relative(process.cwd(), mod.moduleId)}`, ms: mod.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_FILES);
    if (slowest.length > 0) {
      process.stdout.write(`\nLongest files:\n${slowest.map((f) => `  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.name}`).join('\n')}\n`);
    }
    if (skippedSuites.size > 0) {
      process.stdout.write(`\nNot run:\n${[...skippedSuites].map((s) => `  - ${s}`).join('\n')}\n`);
    }
    if (retried.length > 0) {
      process.stdout.write(`\nRun more than once (flaky until fixed):\n${retried.map((t) => `  - ${t}`).join('\n')}\n`);
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

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
