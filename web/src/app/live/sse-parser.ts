/**
 * Incremental parser for the text/event-stream format (WHATWG HTML, "Server-sent events").
 * Feed it decoded text chunks in any split; it reports complete events and comment lines.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

export type SseItem = { kind: 'event'; event: SseEvent } | { kind: 'comment'; text: string };

export interface SseParser {
  feed(chunk: string): SseItem[];
  /** The last event id seen (for Last-Event-ID on reconnect). */
  lastEventId(): string | undefined;
  /** The server's reconnection time (`retry:` field, applies at once, even without data). */
  retryMs(): number | undefined;
}

export const createSseParser = (): SseParser => {
  let buffer = '';
  let dataLines: string[] = [];
  let eventType = '';
  let pendingId: string | undefined;
  let lastId: string | undefined;
  let retry: number | undefined;
  let reconnectionTime: number | undefined;
  let sawField = false;
  let skipLeadingLf = false;

  const dispatch = (out: SseItem[]) => {
    if (pendingId !== undefined) lastId = pendingId;
    if (sawField && dataLines.length > 0) {
      const event: SseEvent = { event: eventType || 'message', data: dataLines.join('\n') };
      if (lastId !== undefined) event.id = lastId;
      if (retry !== undefined) event.retry = retry;
      out.push({ kind: 'event', event });
    }
    dataLines = [];
    eventType = '';
    pendingId = undefined;
    retry = undefined;
    sawField = false;
  };

  const processLine = (line: string, out: SseItem[]) => {
    if (line === '') {
      dispatch(out);
      return;
    }
    if (line.startsWith(':')) {
      out.push({ kind: 'comment', text: line.slice(1).replace(/^ /, '') });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        dataLines.push(value);
        sawField = true;
        break;
      case 'event':
        eventType = value;
        sawField = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) pendingId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) {
          retry = Number(value);
          reconnectionTime = retry;
        }
        break;
      default:
        // unknown fields are ignored, per the format
        break;
    }
  };

  return {
    feed(chunk) {
      const out: SseItem[] = [];
      let text = chunk;
      // a CR ending the previous chunk may be followed by the LF of the same CRLF pair
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        if (ch === '\r' && i === buffer.length - 1) {
          // CR at the very end: the line is complete, a following LF belongs to it
          processLine(buffer.slice(start, i), out);
          start = i + 1;
          skipLeadingLf = true;
          continue;
        }
        processLine(buffer.slice(start, i), out);
        if (ch === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    lastEventId: () => lastId,
    retryMs: () => reconnectionTime,
  };
};
