import { escapeHtml } from '@locus/contracts';
import type { JSONContent } from '@tiptap/react';

/**
 * Plain text with `@Variable` tokens <-> the editor's content, for fields stored as text
 * (bulk edit's single-line fields): a known variable becomes an atomic chip, anything else
 * stays text. Pure, so it is unit-tested without a DOM.
 */
export function editorHtmlFromText(text: string, variables: readonly string[]): string {
  const known = new Map(variables.map((v) => [v.toLowerCase(), v]));
  return text
    .split(/\r?\n/)
    .map((line) => {
      const html = line
        .split(/(@[A-Za-z][A-Za-z0-9]*)/)
        .map((part) => {
          const label = part.startsWith('@') ? known.get(part.slice(1).toLowerCase()) : undefined;
          return label === undefined
            ? escapeHtml(part)
            : `<span data-type="mention" data-id="${escapeHtml(label)}" data-label="${escapeHtml(label)}">@${escapeHtml(label)}</span>`;
        })
        .join('');
      return `<p>${html}</p>`;
    })
    .join('');
}

export function textFromEditorJson(doc: JSONContent): string {
  const inline = (node: JSONContent): string => {
    if (node.type === 'text') return node.text ?? '';
    if (node.type === 'mention') {
      const label: unknown = node.attrs?.['label'] ?? node.attrs?.['id'];
      return typeof label === 'string' ? `@${label}` : '';
    }
    if (node.type === 'hardBreak') return '\n';
    return (node.content ?? []).map(inline).join('');
  };
  return (doc.content ?? []).map(inline).join('\n');
}
