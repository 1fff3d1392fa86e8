import { HTMLSelect, Switch, Tag } from '@blueprintjs/core';
import { dayLabel, setDayOpen, setDayTime, TIME_OPTIONS, type DayHours, type DayOfWeek } from './hours';
import './form.css';

const NO_TIME = { value: '', label: '--:--' };
const TIME_CHOICES = [NO_TIME, ...TIME_OPTIONS.map((t) => ({ value: t, label: t }))];

/** Weekly hours: one row per day (open switch, open and close time in half-hour steps). */
export const HoursEditor = ({
  week,
  onChange,
  errors = {},
  disabled = false,
}: {
  week: readonly DayHours[];
  onChange: (week: DayHours[]) => void;
  errors?: Partial<Record<DayOfWeek, string>>;
  disabled?: boolean;
}) => (
  <div className="locus-hours" role="group" aria-label="Regular Business Hours">
    {week.map((d) => {
      const label = dayLabel(d.day);
      const error = errors[d.day];
      return (
        <div className="locus-hours-row" key={d.day} data-day={d.day}>
          <span className="locus-hours-day">{label}</span>
          <Switch
            className="locus-hours-switch"
            checked={d.isOpen}
            disabled={disabled}
            label={d.isOpen ? 'Open' : 'Closed'}
            aria-label={`${label} open`}
            onChange={(e) => onChange(setDayOpen(week, d.day, e.currentTarget.checked))}
          />
          <HTMLSelect
            aria-label={`${label} open time`}
            value={d.openTime ?? ''}
            disabled={disabled || !d.isOpen}
            options={TIME_CHOICES}
            onChange={(e) => onChange(setDayTime(week, d.day, 'openTime', e.currentTarget.value))}
          />
          <span className="locus-hours-to">to</span>
          <HTMLSelect
            aria-label={`${label} close time`}
            value={d.closeTime ?? ''}
            disabled={disabled || !d.isOpen}
            options={TIME_CHOICES}
            onChange={(e) => onChange(setDayTime(week, d.day, 'closeTime', e.currentTarget.value))}
          />
          {d.morePeriods.length > 0 ? (
            <Tag minimal title="Split hours kept as they are">
              +{d.morePeriods.length} more
            </Tag>
          ) : null}
          {error ? <span className="locus-field-error">{error}</span> : null}
        </div>
      );
    })}
  </div>
);
