/**
 * Polls `check` until it gives a truthy value, and answers it. A check that throws (an `expect` not met yet, a server not up yet) is tried again; when
 * the time is up the last error is thrown, or one naming `what`.
 */
export async function eventually<T>(
  check: () => T | undefined | null | false | 0 | '' | Promise<T | undefined | null | false | 0 | ''>,
  { timeoutMs = 30_000, intervalMs = 100, what = 'the condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    let lastError: unknown;
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > until) {
      if (lastError instanceof Error) throw lastError;
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
