import type { RecordedEvent } from './event-store';

/**
 * Upcasters turn an old stored shape of an event into the current one on read, so deciders and
 * projections only ever see the newest version. The version lives in `metadata.schemaVersion`
 * (absent = 1). An upcaster registered for (type, n) turns version n into n + 1; upcasters chain.
 */
export type Upcaster = (data: unknown, event: Readonly<RecordedEvent>) => unknown;

export interface UpcasterRegistry {
  register(type: string, fromVersion: number, upcast: Upcaster): void;
  /** Returns the event unchanged when no upcaster applies, else a new event at the newest version. */
  upcast(event: RecordedEvent): RecordedEvent;
}

export function createUpcasterRegistry(): UpcasterRegistry {
  const byType = new Map<string, Map<number, Upcaster>>();

  return {
    register(type, fromVersion, upcast) {
      if (!Number.isInteger(fromVersion) || fromVersion < 1) {
        throw new RangeError(`Upcaster for ${type}: fromVersion must be an integer >= 1, got ${fromVersion}`);
      }
      let versions = byType.get(type);
      if (!versions) byType.set(type, (versions = new Map()));
      if (versions.has(fromVersion)) {
        throw new Error(`Upcaster for ${type} from version ${fromVersion} is already registered`);
      }
      versions.set(fromVersion, upcast);
    },

    upcast(event) {
      const versions = byType.get(event.type);
      if (!versions) return event;
      let version = event.metadata.schemaVersion ?? 1;
      let upcaster = versions.get(version);
      if (!upcaster) return event;
      let current: RecordedEvent = event;
      while (upcaster) {
        const data = upcaster(current.data, current);
        version += 1;
        current = { ...current, data, metadata: { ...current.metadata, schemaVersion: version } };
        upcaster = versions.get(version);
      }
      return current;
    },
  };
}

/** The process-wide registry both event store adapters apply unless given another one. */
export const defaultUpcasters: UpcasterRegistry = createUpcasterRegistry();

export function registerUpcaster(type: string, fromVersion: number, upcast: Upcaster): void {
  defaultUpcasters.register(type, fromVersion, upcast);
}
