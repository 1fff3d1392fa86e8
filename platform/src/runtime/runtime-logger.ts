/** The part of pino's Logger the runtimes use; pino loggers fit it. */
export interface RuntimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: RuntimeLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Events per second over a sliding window of (time, processed) samples. */
export class RateMeter {
  private samples: { t: number; n: number }[] = [];
  private total = 0;
  constructor(private readonly windowMs = 5_000) {}
  add(count: number, t = Date.now()): void {
    this.total += count;
    this.samples.push({ t, n: this.total });
    const cutoff = t - this.windowMs;
    while (this.samples.length > 2 && this.samples[1]!.t <= cutoff) this.samples.shift();
  }
  rate(t = Date.now()): number {
    if (this.samples.length === 0) return 0;
    const last = this.samples[this.samples.length - 1]!;
    if (t - last.t > this.windowMs) return 0;
    const first = this.samples[0]!;
    const span = Math.max(t - first.t, 1);
    return this.samples.length < 2 ? 0 : ((last.n - first.n) / span) * 1000;
  }
  get processed(): number {
    return this.total;
  }
}
