import { DAYS_OF_WEEK, TIME_STEP_MINUTES, type DayOfWeek } from '@locus/contracts';

export { DAYS_OF_WEEK, type DayOfWeek };

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' every 30 minutes from 00:00 to 23:30 (48 choices). */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, i) => {
  const minutes = i * TIME_STEP_MINUTES;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});

/** A day opened in the editor without times gets these. */
export const DEFAULT_OPEN_TIME = '09:00';
export const DEFAULT_CLOSE_TIME = '17:00';

/** One row of an hours entry as the API answers it (BusinessHoursOut). */
export interface HoursEntryIn {
  OpenDay: string;
  CloseDay?: string | null;
  IsOpen: boolean;
  OpenTimeHours: number;
  OpenTimeMinutes: number;
  CloseTimeHours: number;
  CloseTimeMinutes: number;
}

/** What the API accepts (BusinessHoursEntry); only open days are sent. */
export interface HoursEntryOut {
  OpenDay: DayOfWeek;
  CloseDay: DayOfWeek;
  IsOpen: true;
  OpenTimeHours: number;
  OpenTimeMinutes: number;
  CloseTimeHours: number;
  CloseTimeMinutes: number;
}

interface Period {
  openTime: string;
  closeTime: string;
  closeDay: DayOfWeek;
}

/** One editor row per day, Monday first. A closed day has no times. */
export interface DayHours {
  day: DayOfWeek;
  isOpen: boolean;
  openTime: string | null;
  closeTime: string | null;
  /** Further periods of a split day, kept as they were (the editor shows the first). */
  morePeriods: readonly Period[];
}

export const dayLabel = (day: DayOfWeek): string => day.charAt(0) + day.slice(1).toLowerCase();

const asDay = (value: string | null | undefined): DayOfWeek | null => {
  const upper = (value ?? '').trim().toUpperCase();
  return (DAYS_OF_WEEK as readonly string[]).includes(upper) ? (upper as DayOfWeek) : null;
};

export const toTimeText = (hours: number, minutes: number): string => `${pad(hours)}:${pad(minutes)}`;
const parseTime = (text: string): { hours: number; minutes: number } => {
  const [h = '0', m = '0'] = text.split(':');
  return { hours: Number(h), minutes: Number(m) };
};
const minutesOf = (text: string) => {
  const t = parseTime(text);
  return t.hours * 60 + t.minutes;
};

/** Every day closed. */
export const closedWeek = (): DayHours[] => DAYS_OF_WEEK.map((day) => ({ day, isOpen: false, openTime: null, closeTime: null, morePeriods: [] }));

/** The editor's week from the API's entries; days without an open entry are closed. */
export const weekFromEntries = (entries: readonly HoursEntryIn[] | null | undefined): DayHours[] =>
  DAYS_OF_WEEK.map((day) => {
    const periods: Period[] = (entries ?? [])
      .filter((e) => e.IsOpen && asDay(e.OpenDay) === day)
      .map((e) => ({
        openTime: toTimeText(e.OpenTimeHours, e.OpenTimeMinutes),
        closeTime: toTimeText(e.CloseTimeHours, e.CloseTimeMinutes),
        closeDay: asDay(e.CloseDay) ?? day,
      }));
    const [first, ...rest] = periods;
    return first
      ? { day, isOpen: true, openTime: first.openTime, closeTime: first.closeTime, morePeriods: rest }
      : { day, isOpen: false, openTime: null, closeTime: null, morePeriods: [] };
  });

/** Opening a day fills default times if it has none; closing it clears its times (spec part 1 §4). */
export const setDayOpen = (week: readonly DayHours[], day: DayOfWeek, isOpen: boolean): DayHours[] =>
  week.map((d) =>
    d.day !== day
      ? d
      : isOpen
        ? { ...d, isOpen: true, openTime: d.openTime ?? DEFAULT_OPEN_TIME, closeTime: d.closeTime ?? DEFAULT_CLOSE_TIME }
        : { ...d, isOpen: false, openTime: null, closeTime: null, morePeriods: [] },
  );

export const setDayTime = (week: readonly DayHours[], day: DayOfWeek, which: 'openTime' | 'closeTime', value: string): DayHours[] =>
  week.map((d) => (d.day === day && d.isOpen ? { ...d, [which]: TIME_OPTIONS.includes(value) ? value : null } : d));

export const HOURS_TEXTS = {
  timesRequired: 'Choose the open and close times',
  closeAfterOpen: 'Close time must be after open time',
} as const;

/** Per-day problems; 00:00 as a close time means midnight. */
export const hoursErrors = (week: readonly DayHours[]): Partial<Record<DayOfWeek, string>> => {
  const errors: Partial<Record<DayOfWeek, string>> = {};
  for (const d of week) {
    if (!d.isOpen) continue;
    if (!d.openTime || !d.closeTime) errors[d.day] = HOURS_TEXTS.timesRequired;
    else if (d.closeTime !== '00:00' && minutesOf(d.closeTime) <= minutesOf(d.openTime)) errors[d.day] = HOURS_TEXTS.closeAfterOpen;
  }
  return errors;
};

/** The entries to send: open days only (spec part 2 §5), Monday first. */
export const entriesForSave = (week: readonly DayHours[]): HoursEntryOut[] =>
  week.flatMap((d) => {
    if (!d.isOpen || !d.openTime || !d.closeTime) return [];
    const periods: Period[] = [{ openTime: d.openTime, closeTime: d.closeTime, closeDay: d.day }, ...d.morePeriods];
    return periods.map((p) => {
      const open = parseTime(p.openTime);
      const close = parseTime(p.closeTime);
      return {
        OpenDay: d.day,
        CloseDay: p.closeDay,
        IsOpen: true as const,
        OpenTimeHours: open.hours,
        OpenTimeMinutes: open.minutes,
        CloseTimeHours: close.hours,
        CloseTimeMinutes: close.minutes,
      };
    });
  });
