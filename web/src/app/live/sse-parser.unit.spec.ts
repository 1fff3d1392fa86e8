import { describe, expect, it } from 'vitest';
import { createSseParser, type SseItem } from './sse-parser';

const feedAll = (chunks: string[]): SseItem[] => {
  const parser = createSseParser();
  return chunks.flatMap((c) => parser.feed(c));
};
const events = (items: SseItem[]) => items.flatMap((i) => (i.kind === 'event' ? [i.event] : []));

describe('SSE line parser', () => {
  it('parses a named event with JSON data', () => {
    const items = feedAll(['event: changed\ndata: {"kind":"changed","collection":"users","id":"u1"}\n\n']);
    expect(events(items)).toEqual([{ event: 'changed', data: '{"kind":"changed","collection":"users","id":"u1"}' }]);
  });

  it('defaults the event name to message and joins multi-line data with newlines', () => {
    expect(events(feedAll(['data: one\ndata: two\n\n']))).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('reports keep-alive comments and dispatches nothing for them', () => {
    const items = feedAll([': keep-alive\n\n']);
    expect(items).toEqual([{ kind: 'comment', text: 'keep-alive' }]);
  });

  it('reassembles events split at any point across chunks', () => {
    const whole = 'event: notification\ndata: {"a":1}\n\nevent: changed\ndata: {"b":2}\n\n';
    for (let cut = 1; cut < whole.length; cut++) {
      const got = events(feedAll([whole.slice(0, cut), whole.slice(cut)]));
      expect(got, `cut at ${cut}`).toEqual([
        { event: 'notification', data: '{"a":1}' },
        { event: 'changed', data: '{"b":2}' },
      ]);
    }
  });

  it('accepts CRLF and CR line endings, including a CRLF split across chunks', () => {
    expect(events(feedAll(['data: x\r\n\r\n']))).toEqual([{ event: 'message', data: 'x' }]);
    expect(events(feedAll(['data: y\r\r']))).toEqual([{ event: 'message', data: 'y' }]);
    expect(events(feedAll(['data: z\r', '\n\r', '\n']))).toEqual([{ event: 'message', data: 'z' }]);
  });

  it('keeps the last event id and the retry hint', () => {
    const parser = createSseParser();
    const got = parser.feed('retry: 5000\nid: 42\ndata: a\n\ndata: b\n\n');
    expect(events(got)).toEqual([
      { event: 'message', data: 'a', id: '42', retry: 5000 },
      { event: 'message', data: 'b', id: '42' },
    ]);
    expect(parser.lastEventId()).toBe('42');
    expect(parser.retryMs()).toBe(5000);
  });

  it('takes a retry hint sent on its own', () => {
    const parser = createSseParser();
    expect(parser.feed('retry: 3000\n\n')).toEqual([]);
    expect(parser.retryMs()).toBe(3000);
  });

  it('strips only one leading space of a value and ignores unknown fields and an event without data', () => {
    expect(events(feedAll(['data:  two spaces\nfoo: bar\n\nevent: lonely\n\n']))).toEqual([{ event: 'message', data: ' two spaces' }]);
  });

  it('does not dispatch an unterminated event', () => {
    expect(events(feedAll(['data: pending\n']))).toEqual([]);
  });
});
