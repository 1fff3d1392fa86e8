import { HTMLSelect } from '@blueprintjs/core';
import { INSIGHTS_DURATIONS, insightsTexts as t } from '../constants';

/** 1 Week … 1 Year (spec part 1 §9). */
export function DurationPicker({ value, onChange, label }: { value: number; onChange: (days: number) => void; label: string }) {
  return (
    <HTMLSelect
      minimal
      className="locus-duration-picker"
      value={value}
      aria-label={`${label} ${t.duration}`}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      options={INSIGHTS_DURATIONS.map((d) => ({ value: d.days, label: d.label }))}
    />
  );
}
