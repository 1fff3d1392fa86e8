/**
 * A route's JSON answer, serialized as `JSON.stringify` would, for Koa to send.
 *
 * V8 builds a long `JSON.stringify` result out of pieces and copies it into one flat string the
 * first time it is read (Koa's Content-Length, then the socket write); past 128 KB that copy goes
 * to the large-object space, costs about three times the serialization and drives the old
 * generation's collector. An answer that long is serialized again in chunks of at most
 * CHUNK_CHARS, each encoded to bytes at once, so no string of that size is ever read
 * (docs/performance.md, Dashboard). Shorter answers keep the one `JSON.stringify`.
 */

/** Answers up to this many characters are sent as the string `JSON.stringify` made. */
export const FLAT_ANSWER_CHARS = 64 * 1024;
const CHUNK_CHARS = 32 * 1024;
/** Items of a long array serialized by one `JSON.stringify` call. */
const GROUP_ITEMS = 128;

/** A body Koa would serialize as JSON: a plain object or an array (not a stream, buffer or string). */
export function isJsonBody(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  if (Array.isArray(body)) return true;
  const proto: unknown = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null;
}

/**
 * The JSON text of `value`: a string when short, else the same text as UTF-8 bytes.
 * `likelyLong` (the route's last answer was long) skips the first `JSON.stringify`.
 */
export function jsonAnswer(value: object, likelyLong = false): string | Buffer {
  if (likelyLong) return jsonBytes(value);
  const text = JSON.stringify(value);
  return text.length <= FLAT_ANSWER_CHARS ? text : jsonBytes(value);
}

/** A plain object or array without toJSON: written here member by member, not by JSON.stringify. */
const walked = (v: unknown): v is object => isJsonBody(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';

/** `Buffer.from(JSON.stringify(value))`, without making the whole text one string. */
export function jsonBytes(value: unknown): Buffer {
  // Chunks of text short enough to stay out of the large-object space, encoded into one buffer.
  const chunks: string[] = [];
  let pieces: string[] = [];
  let size = 0;
  const flush = () => {
    if (pieces.length > 0) chunks.push(pieces.join(''));
    pieces = [];
    size = 0;
  };
  const push = (piece: string) => {
    if (size + piece.length > CHUNK_CHARS) flush();
    pieces.push(piece);
    size += piece.length;
  };
  // Reached only for the value itself, the members of objects written here and the items of a
  // group too long for one chunk; objects' members that are not written here go through JSON.stringify.
  const write = (v: unknown, inArray: boolean): void => {
    if (!walked(v)) {
      const text = JSON.stringify(v) as string | undefined;
      // JSON.stringify writes null for an array's item it cannot write.
      push(text === undefined ? (inArray ? 'null' : '') : text);
      return;
    }
    if (Array.isArray(v)) {
      push('[');
      for (let i = 0; i < v.length; i += GROUP_ITEMS) {
        if (i > 0) push(',');
        const group = v.slice(i, i + GROUP_ITEMS);
        const text = JSON.stringify(group);
        if (text.length <= CHUNK_CHARS) push(text.slice(1, -1));
        else
          group.forEach((item, j) => {
            if (j > 0) push(',');
            write(item, true);
          });
      }
      push(']');
      return;
    }
    push('{');
    let first = true;
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      if (walked(item)) {
        push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
        write(item, false);
      } else {
        // The member as JSON.stringify writes it (toJSON called with its key; left out when undefined).
        const member = JSON.stringify({ [key]: item }).slice(1, -1);
        if (member === '') continue;
        push(first ? member : `,${member}`);
      }
      first = false;
    }
    push('}');
  };
  write(value, false);
  flush();
  let bytes = 0;
  for (const chunk of chunks) bytes += Buffer.byteLength(chunk);
  const out = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (const chunk of chunks) at += out.write(chunk, at);
  return out;
}
