import { describe, expect, it } from 'vitest';
import { editorHtmlFromText, textFromEditorJson } from './editor-content';
import { matchingVariables } from './variable-suggestion';

const variables = ['City', 'BusinessName', 'Phone1', 'AdditionalPhoneNumber'];

describe('variable editor content', () => {
  it('turns known @variables of plain text into chips, case-insensitively, and escapes the rest', () => {
    expect(editorHtmlFromText('Hi @city <b> @Unknown', variables)).toBe(
      '<p>Hi <span data-type="mention" data-id="City" data-label="City">@City</span> &lt;b&gt; @Unknown</p>',
    );
    expect(editorHtmlFromText('a\nb', variables)).toBe('<p>a</p><p>b</p>');
  });

  it('writes chips back as @Label text', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'At ' },
            { type: 'mention', attrs: { id: 'City', label: 'City' } },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'x' }, { type: 'hardBreak' }, { type: 'text', text: 'y' }] },
      ],
    };
    expect(textFromEditorJson(doc)).toBe('At @City\nx\ny');
  });

  it('writes chips with nothing around them, braced where a letter or digit touches them, and reads them back as the same chips', () => {
    const paragraph = (...content: object[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
    const chip = (label: string) => ({ type: 'mention', attrs: { id: label, label } });
    const text = (t: string) => ({ type: 'text', text: t });
    expect(textFromEditorJson(paragraph(chip('City'), text(', '), chip('BusinessName'), text('.')))).toBe('@City, @BusinessName.');
    expect(textFromEditorJson(paragraph(text('Hi'), chip('City'), text('ville')))).toBe('Hi@{City}ville');
    expect(editorHtmlFromText('Hi@{City}ville', variables)).toBe('<p>Hi<span data-type="mention" data-id="City" data-label="City">@City</span>ville</p>');
    // an e-mail address is text for the renderer, so it is text in the editor too
    expect(editorHtmlFromText('info@City.example', variables)).toBe('<p>info@City.example</p>');
  });

  it('filters the @ list by prefix first, then substring', () => {
    expect(matchingVariables(variables, 'ph')).toEqual(['Phone1', 'AdditionalPhoneNumber']);
    expect(matchingVariables(variables, '')).toEqual(variables);
    expect(matchingVariables(variables, 'zz')).toEqual([]);
  });
});
