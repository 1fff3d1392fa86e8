import { Button, MenuItem } from '@blueprintjs/core';
import { MultiSelect, Select, type ItemListPredicate, type ItemRenderer } from '@blueprintjs/select';
import { filterChoices, type Choice } from './choices';
import './form.css';

export type { Choice };

const listPredicate: ItemListPredicate<Choice> = (query, items) => filterChoices(query, items);

const renderChoice =
  (selected: ReadonlySet<string>): ItemRenderer<Choice> =>
  (choice, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={choice.value}
      ref={ref}
      text={choice.label}
      active={modifiers.active}
      disabled={modifiers.disabled}
      selected={selected.has(choice.value)}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  );

/** A filterable single choice (primary category, city, location...). */
export const ChoiceSelect = ({
  id,
  choices,
  value,
  valueLabel,
  onChange,
  placeholder,
  disabled = false,
  loading = false,
  filterPlaceholder = 'Filter...',
  noResults = 'No results.',
}: {
  id?: string;
  choices: readonly Choice[];
  value: string | null;
  /** Label of the current value when it is not (yet) among the choices. */
  valueLabel?: string;
  onChange: (choice: Choice) => void;
  placeholder: string;
  disabled?: boolean;
  loading?: boolean;
  filterPlaceholder?: string;
  noResults?: string;
}) => {
  const current = value ? (choices.find((c) => c.value === value)?.label ?? valueLabel ?? value) : null;
  return (
    <Select<Choice>
      items={choices as Choice[]}
      itemListPredicate={listPredicate}
      itemRenderer={renderChoice(new Set(value ? [value] : []))}
      onItemSelect={onChange}
      disabled={disabled}
      fill
      resetOnClose
      noResults={<MenuItem disabled text={noResults} roleStructure="listoption" />}
      inputProps={{ placeholder: filterPlaceholder }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    >
      <Button
        id={id}
        fill
        alignText="start"
        className="locus-picker-button"
        endIcon="caret-down"
        text={current ?? placeholder}
        disabled={disabled}
        loading={loading}
      />
    </Select>
  );
};

/** A filterable multiple choice with removable tags (additional categories, users...). */
export const ChoiceMultiSelect = ({
  choices,
  values,
  labels = {},
  onChange,
  placeholder,
  disabled = false,
  max,
  noResults = 'No results.',
}: {
  choices: readonly Choice[];
  values: readonly string[];
  /** Labels of values not among the choices. */
  labels?: Record<string, string>;
  onChange: (values: string[]) => void;
  placeholder: string;
  disabled?: boolean;
  max?: number;
  noResults?: string;
}) => {
  const byValue = new Map(choices.map((c) => [c.value, c.label]));
  const selected: Choice[] = values.map((v) => ({ value: v, label: byValue.get(v) ?? labels[v] ?? v }));
  const full = max !== undefined && values.length >= max;
  const toggle = (c: Choice) => {
    if (values.includes(c.value)) onChange(values.filter((v) => v !== c.value));
    else if (!full) onChange([...values, c.value]);
  };
  return (
    <MultiSelect<Choice>
      items={choices as Choice[]}
      selectedItems={selected}
      itemListPredicate={listPredicate}
      itemRenderer={renderChoice(new Set(values))}
      itemDisabled={(c) => full && !values.includes(c.value)}
      onItemSelect={toggle}
      onRemove={(c) => onChange(values.filter((v) => v !== c.value))}
      onClear={values.length > 0 && !disabled ? () => onChange([]) : undefined}
      tagRenderer={(c) => c.label}
      placeholder={placeholder}
      disabled={disabled}
      fill
      resetOnSelect
      noResults={<MenuItem disabled text={noResults} roleStructure="listoption" />}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
};
