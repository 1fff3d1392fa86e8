import { Button, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** Global search box, Clear button and the page's action buttons, in one toolbar row. */
export const SearchBar = ({
  value,
  onChange,
  onClear,
  placeholder = 'Search',
  clearText = 'Clear',
  children,
}: {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  placeholder?: string;
  clearText?: string;
  children?: ReactNode;
}) => (
  <div className="locus-toolbar">
    <InputGroup leftIcon="search" placeholder={placeholder} value={value} onValueChange={onChange} className="locus-toolbar-search" aria-label={placeholder} />
    <Button icon="filter-remove" text={clearText} onClick={onClear} variant="outlined" />
    <div className="locus-toolbar-spacer" />
    {children}
  </div>
);
