import { describe, expect, it } from 'vitest';
import {
  ctaNeedsUrl,
  emptyPostForm,
  filterPublishers,
  httpsPhotoUrl,
  postFormProblems,
  postRequestOf,
  publisherAction,
  withTime,
  withTopicType,
} from './section-rules';

const now = new Date(2026, 10, 24, 9, 30);

describe('Create Post rules (spec part 2 §4, §5)', () => {
  it('resets the summary on a type change; Event and Offer dates default to today; Standard clears the event', () => {
    const typed = { ...emptyPostForm(), Summary: 'Hello' };
    const offer = withTopicType(typed, 'OFFER', now);
    expect(offer).toMatchObject({ TopicType: 'OFFER', Summary: '', StartDate: '2026-11-24', EndDate: '2026-11-24' });
    const standard = withTopicType({ ...offer, EventTitle: 'Sale', CouponCode: 'X' }, 'STANDARD', now);
    expect(standard).toMatchObject({ EventTitle: '', StartDate: '', EndDate: '', CouponCode: '' });
    expect(postRequestOf({ ...standard, Summary: 'Hi' }).Event).toBeNull();
  });

  it('Add time sets start and end to 00:00', () => {
    expect(withTime(emptyPostForm(), true)).toMatchObject({ EnableTime: true, StartTime: '00:00', EndTime: '00:00' });
    expect(withTime(withTime(emptyPostForm(), true), false)).toMatchObject({ EnableTime: false, StartTime: '', EndTime: '' });
  });

  it('asks for a URL for every button but None and CALL: "Please update the url"', () => {
    expect(['ACTION_TYPE_UNSPECIFIED', 'CALL'].map(ctaNeedsUrl)).toEqual([false, false]);
    const form = { ...emptyPostForm(), Summary: 'Hi', ActionType: 'LEARN_MORE' };
    expect(postFormProblems(form).Url).toBe('Please update the url');
    expect(postFormProblems({ ...form, Url: 'https://example.com' }).Url).toBeUndefined();
    expect(postFormProblems({ ...form, ActionType: 'CALL' }).Url).toBeUndefined();
    expect(postRequestOf({ ...form, ActionType: 'CALL' }).CallToAction).toEqual({ ActionType: 'CALL', Url: undefined });
  });

  it('builds an Offer with its event, times and offer block', () => {
    const offer = {
      ...withTime(withTopicType(emptyPostForm(), 'OFFER', now), true),
      EventTitle: ' Sale ',
      Summary: 'Deal',
      CouponCode: 'SAVE',
      EndTime: '17:30',
    };
    expect(postFormProblems(offer)).toEqual({});
    expect(postRequestOf(offer)).toMatchObject({
      TopicType: 'OFFER',
      Event: {
        EventTitle: 'Sale',
        Schedule: { StartDate: '2026-11-24', EnableTime: true, StartTime: { Hours: 0, Minutes: 0 }, EndTime: { Hours: 17, Minutes: 30 } },
      },
      Offer: { CouponCode: 'SAVE' },
    });
    expect(postFormProblems({ ...offer, EventTitle: '' }).EventTitle).toBe('Event title is required');
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
