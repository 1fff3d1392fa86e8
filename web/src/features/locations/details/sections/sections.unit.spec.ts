import { describe, expect, it } from 'vitest';
import {
  ctaNeedsUrl,
  emptyPostForm,
  filterPublishers,
  httpsPhotoUrl,
  PostFormSchema,
  postRequestOf,
  publisherAction,
  timesOf,
  withTopicType,
  type PostForm,
} from './section-rules';

const now = new Date(2026, 10, 24, 9, 30);

/** The first message per field of the Create Post form, as the form shows it. */
const postErrors = (form: PostForm): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of PostFormSchema.safeParse(form).error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

describe('Create Post form (spec part 2 §4, §5)', () => {
  it('resets the summary on a type change; Event and Offer dates default to today; Standard clears the event', () => {
    const typed = { ...emptyPostForm(), Summary: 'Hello' };
    const offer = withTopicType(typed, 'OFFER', now);
    expect(offer).toMatchObject({ TopicType: 'OFFER', Summary: '', Event: { Schedule: { StartDate: '2026-11-24', EndDate: '2026-11-24' } } });
    const standard = withTopicType({ ...offer, Event: { ...offer.Event, EventTitle: 'Sale' }, Offer: { ...offer.Offer, CouponCode: 'X' } }, 'STANDARD', now);
    expect(standard).toMatchObject({ Event: { EventTitle: '', Schedule: { StartDate: '', EndDate: '' } }, Offer: { CouponCode: '' } });
    expect(postRequestOf({ ...standard, Summary: 'Hi' }).Event).toBeNull();
  });

  it('Add time sets start and end to 00:00', () => {
    expect(timesOf(true)).toEqual({ StartTime: '00:00', EndTime: '00:00' });
    expect(timesOf(false)).toEqual({ StartTime: '', EndTime: '' });
  });

  it('asks for a URL for every button but None and CALL, on the URL field: "Please update the url"', () => {
    expect(['ACTION_TYPE_UNSPECIFIED', 'CALL'].map(ctaNeedsUrl)).toEqual([false, false]);
    const form: PostForm = { ...emptyPostForm(), Summary: 'Hi', CallToAction: { ActionType: 'LEARN_MORE', Url: '' } };
    expect(postErrors(form)).toEqual({ 'CallToAction.Url': 'Please update the url' });
    expect(postErrors({ ...form, CallToAction: { ActionType: 'LEARN_MORE', Url: 'https://example.com' } })).toEqual({});
    const callNow: PostForm = { ...form, CallToAction: { ActionType: 'CALL', Url: '' } };
    expect(postErrors(callNow)).toEqual({});
    expect(postRequestOf(callNow).CallToAction).toEqual({ ActionType: 'CALL', Url: undefined });
  });

  it('builds an Offer with its event, times and offer block, and asks for the event title', () => {
    const typed = withTopicType(emptyPostForm(), 'OFFER', now);
    const offer: PostForm = {
      ...typed,
      Summary: 'Deal',
      Event: { EventTitle: ' Sale ', Schedule: { ...typed.Event.Schedule, EnableTime: true, ...timesOf(true), EndTime: '17:30' } },
      Offer: { ...typed.Offer, CouponCode: 'SAVE' },
    };
    const parsed = PostFormSchema.safeParse(offer);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      TopicType: 'OFFER',
      Event: {
        EventTitle: 'Sale',
        Schedule: { StartDate: '2026-11-24', EnableTime: true, StartTime: { Hours: 0, Minutes: 0 }, EndTime: { Hours: 17, Minutes: 30 } },
      },
      Offer: { CouponCode: 'SAVE' },
    });
    expect(postErrors({ ...offer, Event: { ...offer.Event, EventTitle: '' } })).toEqual({ 'Event.EventTitle': 'Event title is required' });
    expect(postErrors({ ...offer, Event: { ...offer.Event, Schedule: { ...offer.Event.Schedule, EndDate: '2026-11-23' } } })).toHaveProperty([
      'Event.Schedule.EndDate',
    ]);
  });
});

describe('Questions and Publishers', () => {
  it('loads protocol-relative author photos over https', () => {
    expect(httpsPhotoUrl('//lh3.example.com/a.png')).toBe('https://lh3.example.com/a.png');
    expect(httpsPhotoUrl('https://x/a.png')).toBe('https://x/a.png');
    expect(httpsPhotoUrl(null)).toBeNull();
  });

  it('offers View Listing only for a Successful publisher with a link', () => {
    expect(publisherAction({ Disposition: 'Successful', Link: 'https://maps/x' })).toEqual({ kind: 'link', href: 'https://maps/x' });
    expect(publisherAction({ Disposition: 'Successful', Link: null })).toEqual({ kind: 'text', text: 'No link available' });
    expect(publisherAction({ Disposition: 'Pending', Link: 'https://maps/x' })).toEqual({ kind: 'text', text: 'Not published yet' });
  });

  it('searches and filters publishers by platform and status', () => {
    const rows = [
      { Platform: 'Apple Maps', Disposition: 'Successful' },
      { Platform: 'Bing Places', Disposition: 'Pending' },
      { Platform: 'MapQuest', Disposition: 'Successful' },
    ];
    expect(filterPublishers(rows, 'map', '', '').map((r) => r.Platform)).toEqual(['Apple Maps', 'MapQuest']);
    expect(filterPublishers(rows, '', 'bing', '').map((r) => r.Platform)).toEqual(['Bing Places']);
    expect(filterPublishers(rows, '', '', 'Successful')).toHaveLength(2);
    expect(filterPublishers(rows, 'nothing', '', '')).toEqual([]);
  });
});
