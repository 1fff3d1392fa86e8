import type { SuggestionKeyDownProps, SuggestionOptions, SuggestionProps } from '@tiptap/suggestion';
import type { MentionNodeAttrs } from '@tiptap/extension-mention';

/** What the `@` list shows: the matching variables, where the caret is, and the highlighted one. */
export interface SuggestionView {
  items: string[];
  rect: DOMRect | null;
  active: number;
  choose: (label: string) => void;
}

/**
 * The `@` suggestion of the variable editor: filters the variables by what follows `@`
 * (case-insensitive prefix first, then substring) and hands its state to React through
 * `onView` (null when closed); arrows move, Enter/Tab insert, Escape closes.
 */
export function variableSuggestion(
  getVariables: () => readonly string[],
  onView: (view: SuggestionView | null) => void,
): Omit<SuggestionOptions<string, MentionNodeAttrs>, 'editor'> {
  return {
    char: '@',
    items: ({ query }) => matchingVariables(getVariables(), query),
    // The chip alone: Mention's own command adds a space after it, which reached Google ("Tallahassee , FL .").
    command: ({ editor, range, props }) => {
      editor
        .chain()
        .focus()
        .insertContentAt(range, [{ type: 'mention', attrs: { ...props, mentionSuggestionChar: '@' } }])
        .run();
    },
    render: () => {
      let current: SuggestionProps<string, MentionNodeAttrs> | null = null;
      let active = 0;
      const publish = () => {
        const props = current;
        if (props === null || props.items.length === 0) return onView(null);
        onView({
          items: props.items,
          rect: props.clientRect?.() ?? null,
          active,
          choose: (label) => props.command({ id: label, label }),
        });
      };
      return {
        onStart: (props) => {
          current = props;
          active = 0;
          publish();
        },
        onUpdate: (props) => {
          current = props;
          active = Math.min(active, Math.max(props.items.length - 1, 0));
          publish();
        },
        onKeyDown: ({ event }: SuggestionKeyDownProps) => {
          const props = current;
          if (props === null || props.items.length === 0) return false;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            const step = event.key === 'ArrowDown' ? 1 : -1;
            active = (active + step + props.items.length) % props.items.length;
            publish();
            return true;
          }
          if (event.key === 'Enter' || event.key === 'Tab') {
            const label = props.items[active];
            if (label !== undefined) props.command({ id: label, label });
            return true;
          }
          if (event.key === 'Escape') {
            current = null;
            onView(null);
            return true;
          }
          return false;
        },
        onExit: () => {
          current = null;
          onView(null);
        },
      };
    },
  };
}

export function matchingVariables(variables: readonly string[], query: string): string[] {
  const q = query.toLowerCase();
  const starts = variables.filter((v) => v.toLowerCase().startsWith(q));
  const contains = variables.filter((v) => !v.toLowerCase().startsWith(q) && v.toLowerCase().includes(q));
  return [...starts, ...contains];
}
