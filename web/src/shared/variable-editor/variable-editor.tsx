import { Menu, MenuItem, Portal, Tag } from '@blueprintjs/core';
import Mention from '@tiptap/extension-mention';
import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState } from 'react';
import { editorHtmlFromText, textFromEditorJson } from './editor-content';
import { variableSuggestion, type SuggestionView } from './variable-suggestion';
import './variable-editor.css';

/** Spec part 1 §2 and part 2 §9: rich editors are 260px high, single-line ones 45px. */
export const RICH_EDITOR_HEIGHT = 260;
export const SINGLE_LINE_EDITOR_HEIGHT = 45;

export interface VariableEditorProps {
  /** HTML (rich) or plain text with `@Variable` tokens (`output: 'text'`). */
  value: string;
  onChange: (value: string) => void;
  /** The variable labels offered by `@` and the chips (e.g. `variableLabels(POST_TEMPLATE_VARIABLES)`). */
  variables: readonly string[];
  /** One line (Enter does nothing, pasted lines are joined), 45px high. */
  singleLine?: boolean;
  /** `html` (default) keeps rich text; `text` answers plain text with `@Label` for each chip. */
  output?: 'html' | 'text';
  /** Clickable variable chips above the editor (default true). */
  showChips?: boolean;
  height?: number;
  disabled?: boolean;
  placeholder?: string;
  /** Accessible name of the editable area. */
  label: string;
}

/**
 * TipTap editor with template variables: typing `@` opens the variable list, clicking a chip
 * inserts the variable at the caret; a variable is an atomic chip (one node, deleted whole).
 * Shared by post templates and bulk edit; what it produces is rendered by the one renderer
 * in contracts (renderVariablesInHtml / renderVariablesInText).
 */
export function VariableEditor({
  value,
  onChange,
  variables,
  singleLine = false,
  output = 'html',
  showChips = true,
  height,
  disabled = false,
  placeholder,
  label,
}: VariableEditorProps) {
  const [suggestion, setSuggestion] = useState<SuggestionView | null>(null);
  const variablesRef = useRef(variables);
  variablesRef.current = variables;
  const suggestionOpen = useRef(false);
  suggestionOpen.current = suggestion !== null;
  // Values this editor produced since the last outside change, and the value prop last seen: a
  // render may carry a value older than the editor (a transaction re-renders it before the
  // parent's state catches up), which must not be written back over what was just typed.
  const emitted = useRef(new Set<string>());
  const seenValue = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const toEditorContent = (incoming: string) => (output === 'text' ? editorHtmlFromText(incoming, variablesRef.current) : incoming);
  const fromEditor = (editor: Editor) => (output === 'text' ? textFromEditorJson(editor.getJSON()) : editor.isEmpty ? '' : editor.getHTML());

  const extensions = useMemo(
    () => [
      StarterKit.configure(
        singleLine ? { heading: false, bulletList: false, orderedList: false, blockquote: false, codeBlock: false, horizontalRule: false } : {},
      ),
      Mention.configure({
        HTMLAttributes: { class: 'variable-chip' },
        deleteTriggerWithBackspace: true,
        suggestion: variableSuggestion(() => variablesRef.current, setSuggestion),
      }),
      ...(singleLine
        ? [
            Extension.create({
              name: 'singleLine',
              addKeyboardShortcuts: () => ({
                Enter: () => !suggestionOpen.current,
                'Shift-Enter': () => true,
              }),
            }),
          ]
        : []),
    ],
    [singleLine],
  );

  const editor = useEditor(
    {
      extensions,
      content: toEditorContent(value),
      editable: !disabled,
      editorProps: {
        attributes: {
          'aria-label': label,
          role: 'textbox',
          'aria-multiline': singleLine ? 'false' : 'true',
          class: 'variable-editor-content',
          ...(placeholder ? { 'data-placeholder': placeholder } : {}),
        },
        ...(singleLine ? { transformPastedText: (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ') } : {}),
      },
      onUpdate: ({ editor: current }) => {
        const next = fromEditor(current);
        emitted.current.add(next);
        onChangeRef.current(next);
      },
    },
    [extensions],
  );

  // A value set from outside (a template loaded for editing, a reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const changed = value !== seenValue.current;
    seenValue.current = value;
    if (value === fromEditor(editor)) {
      // caught up: older values of ours can no longer arrive, so none is mistaken for a reset
      emitted.current = new Set([value]);
      return;
    }
    if (!changed || emitted.current.has(value)) return;
    emitted.current.clear();
    // the converters read refs only, so the value and the editor are the dependencies
    editor.commands.setContent(toEditorContent(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // The chip alone, no space after it: the text around a variable is what the user typed.
  const insertVariable = (variable: string) => {
    editor
      ?.chain()
      .focus()
      .insertContent([{ type: 'mention', attrs: { id: variable, label: variable } }])
      .run();
  };

  const boxHeight = height ?? (singleLine ? SINGLE_LINE_EDITOR_HEIGHT : RICH_EDITOR_HEIGHT);
  const isEmpty = editor?.isEmpty ?? value === '';

  return (
    <div className="variable-editor">
      {showChips ? (
        <div className="variable-editor-chips" role="group" aria-label={`${label} variables`}>
          {variables.map((variable) => (
            <Tag key={variable} interactive={!disabled} minimal intent="primary" round onClick={disabled ? undefined : () => insertVariable(variable)}>
              @{variable}
            </Tag>
          ))}
        </div>
      ) : null}
      <div
        className={`variable-editor-box bp6-input${singleLine ? ' single-line' : ''}${disabled ? ' bp6-disabled' : ''}`}
        style={singleLine ? { height: boxHeight } : { height: boxHeight }}
        onClick={() => editor?.commands.focus()}
      >
        {placeholder && isEmpty ? <span className="variable-editor-placeholder">{placeholder}</span> : null}
        <EditorContent editor={editor} />
      </div>
      {suggestion && suggestion.rect ? (
        <Portal>
          <div
            className="variable-editor-suggestions bp6-elevation-2"
            style={{ position: 'fixed', left: suggestion.rect.left, top: suggestion.rect.bottom + 4 }}
          >
            <Menu aria-label="Variables">
              {suggestion.items.map((item, index) => (
                <MenuItem
                  key={item}
                  text={`@${item}`}
                  active={index === suggestion.active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => suggestion.choose(item)}
                />
              ))}
            </Menu>
          </div>
        </Portal>
      ) : null}
    </div>
  );
}
