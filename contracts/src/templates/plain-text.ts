/** Rich text to plain text, in a module of its own so post.ts can use it without render.ts (which imports post.ts's types). */
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z0-9]+);/gi, (entity: string, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16), entity);
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10), entity);
    return NAMED_ENTITIES[lower] ?? entity;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre|tr)\s*>|<br\s*\/?>/gi;
const LIST_ITEM = /<li(\s[^>]*)?>/gi;

/** Rich text as Google shows a post's summary: plain text, paragraphs on their own lines. */
export function htmlToPlainText(html: string): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(LIST_ITEM, '• ')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
