import { escapeHtml, VARIABLE_GLUED_AFTER, VARIABLE_GLUED_BEFORE } from '@locus/contracts';
import type { JSONContent } from '@tiptap/react';

const TOKEN = /@\{([A-Za-z][A-Za-z0-9]*)\}|@([A-Za-z][A-Za-z0-9]*)/g;

/**
 * Plain text with `@Variable` tokens <-> the editor's content, for fields stored as text
 * (bulk edit's single-line fields): a known variable becomes an atomic chip, anything else
 * stays text, exactly as the renderer reads it (`info@City` is text; `@{City}` is the chip
 * written against a word). Pure, so it is unit-tested without a DOM.
 */
export function editorHtmlFromText(text: string, variables: readonly string[]): string {
  const known = new Map(variables.map((v) => [v.toLowerCase(), v]));
  const chip = (label: string) => `<span data-type="mention" data-id="${escapeHtml(label)}" data-label="${escapeHtml(label)}">@${escapeHtml(label)}</span>`;
  return text
    .split(/\r?\n/)
    .map((line) => {
      let html = '';
      let from = 0;
      let lastEnd = -1;
      for (const match of line.matchAll(TOKEN)) {
        const offset = match.index;
        const braced = match[1];
        const before = offset > 0 ? line.charAt(offset - 1) : '';
        const glued = braced === undefined && before !== '' && VARIABLE_GLUED_BEFORE.test(before) && offset !== lastEnd;
        const label = glued ? undefined : known.get((braced ?? match[2] ?? '').toLowerCase());
        if (label === undefined) continue;
        html += escapeHtml(line.slice(from, offset)) + chip(label);
        from = offset + match[0].length;
        lastEnd = from;
      }
      return `<p>${html}${escapeHtml(line.slice(from))}</p>`;
    })
    .join('');
}

/** The editor's content as text: a chip is `@Label`, or `@{Label}` where a letter or digit touches it. */
export function textFromEditorJson(doc: JSONContent): string {
  const paragraph = (node: JSONContent): string => {
    let out = '';
    const parts: (string | { label: string })[] = [];
    const collect = (n: JSONContent) => {
      if (n.type === 'text') parts.push(n.text ?? '');
      else if (n.type === 'mention') {
        const label: unknown = n.attrs?.['label'] ?? n.attrs?.['id'];
        if (typeof label === 'string') parts.push({ label });
      } else if (n.type === 'hardBreak') parts.push('\n');
      else (n.content ?? []).forEach(collect);
    };
    (node.content ?? []).forEach(collect);
    parts.forEach((part, i) => {
      if (typeof part === 'string') return void (out += part);
      const next = parts[i + 1];
      const nextChar = typeof next === 'string' ? next.charAt(0) : '';
      const before = out.charAt(out.length - 1);
      const touches = (before !== '' && VARIABLE_GLUED_BEFORE.test(before)) || (nextChar !== '' && VARIABLE_GLUED_AFTER.test(nextChar));
      out += touches ? `@{${part.label}}` : `@${part.label}`;
    });
    return out;
  };
  return (doc.content ?? []).map((n) => (n.type === 'text' || n.type === 'mention' ? paragraph({ content: [n] }) : paragraph(n))).join('\n');
}
