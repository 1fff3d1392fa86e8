import { z } from 'zod';

/** An Event or Offer post's event as a form holds it: dates and times as their inputs give them (`yyyy-MM-dd`, `HH:mm`). */
export const PostEventFormSchema = z.object({
  EventTitle: z.string(),
  Schedule: z.object({ StartDate: z.string(), EndDate: z.string(), EnableTime: z.boolean(), StartTime: z.string(), EndTime: z.string() }),
});
export type PostEventForm = z.infer<typeof PostEventFormSchema>;

/** `HH:mm` as the hours and minutes a post's body carries (an empty time is midnight). */
export const timeOfDay = (hhmm: string) => {
  const [h, m] = (hhmm || '00:00').split(':').map(Number);
  return { Hours: h ?? 0, Minutes: m ?? 0 };
};

/** The event of a post's body (Create Post, template editor): times only when the event has them. */
export const postEventBodyOf = ({ EventTitle, Schedule }: PostEventForm) => ({
  EventTitle,
  Schedule: {
    StartDate: Schedule.StartDate,
    EndDate: Schedule.EndDate,
    EnableTime: Schedule.EnableTime,
    StartTime: Schedule.EnableTime ? timeOfDay(Schedule.StartTime) : null,
    EndTime: Schedule.EnableTime ? timeOfDay(Schedule.EndTime) : null,
  },
});
