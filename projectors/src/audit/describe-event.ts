import { EVENT_TYPE_WORDS, entityOf } from '@locus/contracts';

/**
 * Readable lines from any event: the entity from the stream name, the event type in words
 * (contracts' EVENT_TYPE_WORDS, else a label from the type's name), and the event's data
 * flattened into readable fields.
 */

/** Readable fields of an event's data: dotted paths to display text. Secrets are kept apart. */
export interface FlatFields {
  values: Record<string, string>;
  secrets: string[];
}

/** Field names that hold secrets: shown as "changed", never in clear. */
const SECRET_KEY = /password|secret|token|otp|codehash|sealed|apikey|privatekey|credential/i;
/** A value sealed by the platform's secret box (`v2.<key id>.…`). */
const SEALED_VALUE = /^v\d+\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_.-]{16,}$/;
/** Top-level keys that only repeat ids the entity already names, or bookkeeping. */
const SKIPPED_TOP = new Set(['changed', 'restoredFrom', 'requestId', 'sourceEventId', 'sourceType', 'processId', 'keepTokenId', 'resetRequestId']);
/** Containers whose fields read better without their name (`profile.Title` → `Title`). */
const UNWRAPPED = new Set(['profile', 'fields', 'settings', 'changes', 'post']);

const MAX_VALUE = 500;

export const isSecretField = (path: string): boolean => SECRET_KEY.test(path.split('.').pop() ?? '');

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return display(value.join(', '));
  if (Array.isArray(value) && value.every((v) => v && typeof v === 'object' && ('DisplayName' in v || 'Name' in v))) {
    return display(value.map((v: { DisplayName?: unknown; Name?: unknown }) => String(v.DisplayName ?? v.Name)).join(', '));
  }
  return display(JSON.stringify(value));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Flattens an event's data: nested objects become dotted paths, lists and small records one value. */
export function flattenData(data: unknown): FlatFields {
  const out: FlatFields = { values: {}, secrets: [] };
  const walk = (value: unknown, path: string, depth: number) => {
    if (path && isSecretField(path)) {
      if (value !== null && value !== undefined) out.secrets.push(path);
      return;
    }
    if (typeof value === 'string' && SEALED_VALUE.test(value)) {
      out.secrets.push(path);
      return;
    }
    // A category reference and similar {Name, DisplayName} objects read as their name.
    if (isPlainObject(value) && depth > 0 && typeof value.DisplayName === 'string') {
      out.values[path] = value.DisplayName;
      return;
    }
    if (isPlainObject(value) && depth < 3) {
      for (const [key, child] of Object.entries(value)) {
        if (depth === 0 && (SKIPPED_TOP.has(key) || /Id$/.test(key))) continue;
        if (depth === 0 && UNWRAPPED.has(key) && isPlainObject(child)) {
          for (const [inner, v] of Object.entries(child)) walk(v, inner, 1);
          continue;
        }
        walk(child, path ? `${path}.${key}` : key, depth + 1);
      }
      return;
    }
    out.values[path] = display(value);
  };
  walk(data, '', 0);
  return out;
}

/** The event type in words; "LocationHoursUpdated" → "Location hours updated" for a type without words (remembered per type). */
const labels = new Map<string, string>();
export function labelOf(type: string): string {
  let label = labels.get(type);
  if (label === undefined) labels.set(type, (label = EVENT_TYPE_WORDS[type] ?? labelFromType(type)));
  return label;
}

function labelFromType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ');
  return words.map((w, i) => (i === 0 ? w : /^[A-Z]{2,}$/.test(w) ? w : w.toLowerCase())).join(' ');
}

export { entityOf };

/** Text of a rich-text value (a template's content) as a name: tags dropped, the first words. */
const plainName = (html: string | null): string | null => {
  if (!html) return null;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? (text.length > 60 ? `${text.slice(0, 60)}…` : text) : null;
};

/** A readable name for an entity from its fields (title, name, first and last name, email). */
export function nameFrom(fields: Record<string, string>): string | null {
  const pick = (...keys: string[]) => {
    for (const k of keys) if (fields[k]) return fields[k];
    return null;
  };
  const person = [pick('firstName', 'FirstName'), pick('lastName', 'LastName')].filter(Boolean).join(' ');
  return (
    pick(
      'Title',
      'title',
      'name',
      'Name',
      'companyName',
      'CompanyName',
      'displayName',
      'DisplayName',
      'accountDisplayName',
      'reviewer.displayName',
      'EventTitle',
      'Event.EventTitle',
    ) ??
    (person || pick('email', 'Email', 'storeCode')) ??
    plainName(pick('TemplateContent'))
  );
}

/** Events that are Google's answers (outcomes of reactors talking to Google). */
const GOOGLE_OUTCOME =
  /Google|Published|PublishFailed|Synced|SyncFailed|Imported|DeleteFailed|Reply(Published|Rejected|Failed)|Post(Published|Rejected|Failed)|Media(Uploaded|Failed)/;

export function outcomeOf(type: string, data: unknown): { outcome: 'succeeded' | 'refused' | null; reason: string | null } {
  const reason = isPlainObject(data) && typeof data.message === 'string' ? data.message : null;
  if (/(Failed|Rejected|Refused)(ByGoogle)?$/.test(type)) return { outcome: 'refused', reason };
  if (/(Succeeded|Published|Synced|Imported|Deleted|Accepted|ApprovedByGoogle)$/.test(type)) return { outcome: 'succeeded', reason: null };
  return { outcome: null, reason: null };
}

export const isGoogleOutcome = (type: string): boolean => GOOGLE_OUTCOME.test(type);

/** Whether an event's fields describe the entity (kept as its state) or only the event (an outcome, a request). */
export const describesEntity = (type: string): boolean => !/(Requested|Failed|Rejected|Succeeded|Resent|Parked|Retried|Skipped|ByGoogle)$/.test(type);
