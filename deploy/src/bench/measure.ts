/** Runs `task` `count` times with at most `concurrency` in flight. */
export async function runConcurrently(count: number, concurrency: number, task: () => Promise<unknown>): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Nearest-rank percentile of `values` (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
