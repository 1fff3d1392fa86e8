import { Checkbox, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { filterRows } from '@web/shared/lib/global-search';
import { LocationLabel, locationLabelText } from '@web/shared/ui/location-label';
import type { TemplateLocationItem } from '../api/templates-api';
import { TEMPLATE_LOCATION_ITEM_SIZE, templateTexts as t } from '../constants';

const VISIBLE_ROWS = 10;
const OVERSCAN = 5;

/**
 * The template's locations: filter, select-all (of what the filter shows), "{0} locations
 * selected", and a virtual scroll of 30px rows so a company's thousands of locations render
 * only the rows in view.
 */
export function LocationMultiSelect({
  items,
  selected,
  onChange,
}: {
  items: readonly TemplateLocationItem[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const [filter, setFilter] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const chosen = useMemo(() => new Set(selected), [selected]);
  const shown = useMemo(() => filterRows(items, filter, (i) => [i.Title, i.StoreCode, i.Address]), [items, filter]);
  const allShownChosen = shown.length > 0 && shown.every((i) => chosen.has(i.LocationId));
  const someShownChosen = shown.some((i) => chosen.has(i.LocationId));

  const toggleAll = () => {
    const next = new Set(chosen);
    for (const i of shown)
      if (allShownChosen) next.delete(i.LocationId);
      else next.add(i.LocationId);
    onChange([...next]);
  };
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange([...next]);
  };

  const size = TEMPLATE_LOCATION_ITEM_SIZE;
  const first = Math.max(0, Math.floor(scrollTop / size) - OVERSCAN);
  const last = Math.min(shown.length, Math.ceil(scrollTop / size) + VISIBLE_ROWS + OVERSCAN);

  return (
    <div className="template-locations">
      <div className="template-locations-toolbar">
        <Checkbox
          checked={allShownChosen}
          indeterminate={!allShownChosen && someShownChosen}
          label={t.selectAll}
          onChange={toggleAll}
          disabled={shown.length === 0}
        />
        <InputGroup leftIcon="search" placeholder={t.filterLocations} aria-label={t.filterLocations} value={filter} onValueChange={setFilter} />
        <span className="template-locations-count">{t.locationsSelected.replace('{0}', String(selected.length))}</span>
      </div>
      <div
        className="template-locations-list"
        role="group"
        aria-label={t.locations}
        style={{ height: Math.min(VISIBLE_ROWS, Math.max(shown.length, 1)) * size }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div style={{ height: shown.length * size, position: 'relative' }}>
          {shown.slice(first, last).map((item, index) => (
            <div key={item.LocationId} className="template-locations-row" style={{ top: (first + index) * size, height: size }}>
              <Checkbox
                checked={chosen.has(item.LocationId)}
                onChange={() => toggle(item.LocationId)}
                labelElement={<LocationLabel item={item} />}
                aria-label={locationLabelText(item)}
              />
            </div>
          ))}
        </div>
      </div>
      <div className="bp6-text-muted bp6-text-small">{t.selectLocations}</div>
    </div>
  );
}
