import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

// Required at the first template saved, not at every server start (docs/performance.md, Smaller measurements).
let sanitizer: typeof sanitizeHtml | undefined;
const sanitizerOf = (): typeof sanitizeHtml => (sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);

/**
 * A template's rich text as it may be stored and shown: the tags TipTap writes, links with
 * http(s)/mailto only, and the variable chips' data attributes. Scripts, styles, event
 * handlers (`onerror=`) and `javascript:` URLs are dropped (with their text for script/style).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'a',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['data-type', 'data-id', 'data-label', 'data-mention-suggestion-char', 'class'],
  },
  allowedClasses: { span: ['variable-chip'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
};

export function sanitizeTemplateHtml(html: string): string {
  return sanitizerOf()(html, OPTIONS).trim();
}
