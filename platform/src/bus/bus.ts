/**
 * Bus port: subjects are dot-separated tokens; patterns use NATS wildcards:
 * `*` matches one token, `>` matches one or more trailing tokens.
 * Adapters: in-process and NATS; both pass bus.contract.ts.
 */
export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
}

export interface BusSubscription {
  unsubscribe(): void;
}

export interface Bus {
  publish(subject: string, data: unknown): void;
  subscribe(pattern: string, handler: (message: BusMessage) => void): BusSubscription;
  /** Resolves once published messages have reached the server (no-op in process). */
  flush(): Promise<void>;
  /**
   * Calls `listener` each time the connection to the server comes back after a loss: messages
   * published meanwhile were not delivered (NATS core is at most once). Adapters that cannot
   * lose messages this way (in process) leave it out. Returns the function that removes it.
   */
  onReconnect?(listener: () => void): () => void;
  close(): Promise<void>;
}
