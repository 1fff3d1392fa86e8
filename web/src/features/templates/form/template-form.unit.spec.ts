import { describe, expect, it } from 'vitest';
import { templateFormOf, TemplateFormSchema, type TemplateForm } from './template-form';

/** The first message per field of the editor, as the form shows it. */
const errorsOf = (form: TemplateForm): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of TemplateFormSchema.safeParse(form).error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

describe('template editor form', () => {
  const event = (): TemplateForm => ({ ...templateFormOf(null), TopicType: 'EVENT', TemplateContent: '<p>Open day</p>' });

  it("checks the editor's values with the save route's schema, each message on its field", () => {
    expect(errorsOf(templateFormOf(null))).toEqual({ TemplateContent: 'Template content is required' });
    const withButton: TemplateForm = { ...event(), Event: { ...event().Event, EventTitle: 'Open day' }, CallToAction: { ActionType: 'LEARN_MORE', Url: '' } };
    expect(errorsOf(withButton)).toEqual({ 'CallToAction.Url': 'Please update the url' });
    expect(errorsOf({ ...withButton, CallToAction: { ActionType: 'LEARN_MORE', Url: 'https://example.com' } })).toEqual({});
    expect(errorsOf(event())).toEqual({ 'Event.EventTitle': 'Event title is required' });
  });

  it('sends only the blocks of its post type, times as hours and minutes, the schedule as an instant', () => {
    const form: TemplateForm = {
      ...event(),
      Event: { EventTitle: 'Open day', Schedule: { StartDate: '2026-12-01', EndDate: '2026-12-02', EnableTime: true, StartTime: '09:30', EndTime: '17:00' } },
      Offer: { CouponCode: 'LEFT', RedeemOnlineUrl: '', TermsConditions: '' },
      ScheduleDate: '2026-12-01T08:00',
    };
    const parsed = TemplateFormSchema.safeParse(form);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      Offer: null,
      Event: { Schedule: { StartTime: { Hours: 9, Minutes: 30 }, EndTime: { Hours: 17, Minutes: 0 } } },
      ScheduleDate: new Date('2026-12-01T08:00').toISOString(),
    });
    expect(templateFormOf(null).ScheduleDate).toBe('');
  });
});
