import { z } from 'zod';

/** Google's day names, Monday first (spec: days sorted from Monday). */
export const DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
/** Spec: Sunday 0 to Saturday 6. */
const DAY_BY_NUMBER: readonly DayOfWeek[] = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
/** Half-hour steps 00:00 to 23:30 (48 choices). */
export const TIME_STEP_MINUTES = 30;

/** Accepts 'Monday', 'MONDAY', 'monday' or 0 (Sunday) … 6 (Saturday). */
export const dayOfWeekSchema = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isInteger(v) ? (DAY_BY_NUMBER[v] ?? v) : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(DAYS_OF_WEEK, { error: `${field} must be a day of the week (Monday-Sunday)` }),
  );

const hoursSchema = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be between 0 and 23`)
    .max(23, `${field} must be between 0 and 23`);
const minutesSchema = (field: string) =>
  z.coerce.number({ error: `${field} must be a number` }).refine((m) => [0, 30].includes(m), `${field} must be 0 or 30 (half-hour steps)`);

/** One row of the weekly hours editor (spec: Business hours entry). Closed days (IsOpen false) are dropped. */
export const BusinessHoursEntrySchema = z
  .object({
    OpenDay: dayOfWeekSchema('OpenDay'),
    /** Defaults to OpenDay; the next day for hours past midnight. */
    CloseDay: dayOfWeekSchema('CloseDay').optional().nullable(),
    IsOpen: z.boolean({ error: 'IsOpen must be true or false' }).default(true),
    OpenTimeHours: hoursSchema('OpenTimeHours').default(0),
    OpenTimeMinutes: minutesSchema('OpenTimeMinutes').default(0),
    CloseTimeHours: hoursSchema('CloseTimeHours').default(0),
    CloseTimeMinutes: minutesSchema('CloseTimeMinutes').default(0),
  })
  .superRefine((e, ctx) => {
    if (!e.IsOpen) return;
    const sameDay = !e.CloseDay || e.CloseDay === e.OpenDay;
    const open = e.OpenTimeHours * 60 + e.OpenTimeMinutes;
    const close = e.CloseTimeHours * 60 + e.CloseTimeMinutes;
    // 00:00 as close time means midnight (end of the day).
    if (sameDay && close !== 0 && close <= open) {
      ctx.addIssue({ code: 'custom', path: ['CloseTimeHours'], message: 'Close time must be after open time' });
    }
  });
export type BusinessHoursEntry = z.infer<typeof BusinessHoursEntrySchema>;

export const BusinessHoursListSchema = z.array(BusinessHoursEntrySchema, { error: 'Business hours must be a list' }).max(50, 'At most 50 periods');

/** Stored shape (Google's TimePeriod). */
export interface HoursPeriod {
  openDay: DayOfWeek;
  openTime: { hours: number; minutes: number };
  closeDay: DayOfWeek;
  closeTime: { hours: number; minutes: number };
}

export const HoursPeriodSchema = z.object({
  openDay: z.enum(DAYS_OF_WEEK),
  openTime: z.object({ hours: z.number().int(), minutes: z.number().int() }),
  closeDay: z.enum(DAYS_OF_WEEK),
  closeTime: z.object({ hours: z.number().int(), minutes: z.number().int() }),
});

/** Only open days are kept (spec: only open days are sent), sorted from Monday. */
export function toHoursPeriods(entries: readonly BusinessHoursEntry[]): HoursPeriod[] {
  return entries
    .filter((e) => e.IsOpen)
    .map((e) => ({
      openDay: e.OpenDay,
      openTime: { hours: e.OpenTimeHours, minutes: e.OpenTimeMinutes },
      closeDay: e.CloseDay ?? e.OpenDay,
      closeTime: { hours: e.CloseTimeHours, minutes: e.CloseTimeMinutes },
    }))
    .sort(
      (a, b) =>
        DAYS_OF_WEEK.indexOf(a.openDay) - DAYS_OF_WEEK.indexOf(b.openDay) ||
        a.openTime.hours * 60 + a.openTime.minutes - (b.openTime.hours * 60 + b.openTime.minutes),
    );
}

/** One entry per day Monday → Sunday (several for split hours); closed days have IsOpen false and zero times. */
export function toBusinessHoursEntries(periods: readonly HoursPeriod[]): Required<{ [K in keyof BusinessHoursEntry]: NonNullable<BusinessHoursEntry[K]> }>[] {
  const out: Required<{ [K in keyof BusinessHoursEntry]: NonNullable<BusinessHoursEntry[K]> }>[] = [];
  for (const day of DAYS_OF_WEEK) {
    const open = periods.filter((p) => p.openDay === day);
    if (open.length === 0) {
      out.push({ OpenDay: day, CloseDay: day, IsOpen: false, OpenTimeHours: 0, OpenTimeMinutes: 0, CloseTimeHours: 0, CloseTimeMinutes: 0 });
      continue;
    }
    for (const p of open) {
      out.push({
        OpenDay: day,
        CloseDay: p.closeDay,
        IsOpen: true,
        OpenTimeHours: p.openTime.hours,
        OpenTimeMinutes: p.openTime.minutes,
        CloseTimeHours: p.closeTime.hours,
        CloseTimeMinutes: p.closeTime.minutes,
      });
    }
  }
  return out;
}

/** Monday to Friday 09:00-17:00: the default week when a company saved no defaults. */
export const STANDARD_WEEK: readonly HoursPeriod[] = (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const).map((d) => ({
  openDay: d,
  openTime: { hours: 9, minutes: 0 },
  closeDay: d,
  closeTime: { hours: 17, minutes: 0 },
}));
