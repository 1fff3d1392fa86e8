import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';
import { googleApi, type GoogleAnswer, type GoogleApi } from '@locus/tests/stack/google-api';
import { accessTokenFor } from './testing';

const AM = '/google/mybusinessaccountmanagement/v1';
const BI = '/google/mybusinessbusinessinformation/v1';
const V4 = '/google/mybusiness/v4';
const PERF = '/google/businessprofileperformance/v1';
const QA = '/google/mybusinessqanda/v1';

let sandbox: RunningSandbox;
let dataDir: string;
let token: string;
/** Google as the signed-in merchant, and the sandbox's own hooks. */
let google: GoogleApi;
let hooks: GoogleApi;

/** The shapes of Google's answers these specs read. */
interface GoogleError {
  error: { status: string; message: string; details: { fieldViolations?: { field: string }[] }[] };
}
interface LocalPost {
  name: string;
  summary: string;
  state: string;
  createTime: string;
  updateTime: string;
  callToAction?: { actionType: string };
}
interface MediaItem {
  googleUrl: string;
}
interface Question {
  name: string;
  createTime: string;
  updateTime: string;
  upvoteCount: number;
  totalAnswerCount: number;
  author: { profilePhotoUri: string; type: string };
  topAnswers?: { name: string }[];
}
interface Questions {
  questions: Question[];
  totalSize: number;
  nextPageToken?: string;
}
interface DailyMetrics {
  multiDailyMetricTimeSeries: {
    dailyMetricTimeSeries: { timeSeries: { datedValues: { date: { year: number; month: number; day: number }; value?: string }[] } }[];
  }[];
}

const violations = (res: GoogleAnswer<GoogleError>) => (res.body.error.details.at(-1)!.fieldViolations ?? []).map((v) => v.field);

async function locations(accountName: string, count: number) {
  const { accounts } = (await google.get<{ accounts: { name: string; accountName: string }[] }>(`${AM}/accounts`)).body;
  const account = accounts.find((a) => a.accountName === accountName)!.name;
  const list = (
    await google.get<{ locations: { name: string; title: string }[] }>(`${BI}/${account}/locations?readMask=name,title,categories&pageSize=${count}`)
  ).body.locations;
  return list.map((l) => ({ ...l, id: l.name.split('/')[1]!, v4: `${V4}/${account}/${l.name}` }));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-content-'));
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, log: () => {} });
  token = await accessTokenFor(sandbox.url, 'maria.garcia.biz@gmail.com');
  google = googleApi(sandbox.url, token);
  hooks = googleApi(sandbox.url);
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('v4 localPosts', () => {
  const day = (d: number) => ({ year: 2031, month: 3, day: d });

  it('validates call to action and event fields as Google does, one violation per broken rule', async () => {
    const [l] = await locations('Sunrise Coffee Co.', 1);
    const post = <T = GoogleError>(body: unknown) => google.post<T>(`${l!.v4}/localPosts`, body);
    expect(violations(await post({ topicType: 'STANDARD', summary: 'Hi', callToAction: { actionType: 'BOOK' } }))).toEqual(['callToAction.url']);
    expect(violations(await post({ topicType: 'STANDARD', summary: 'Hi', callToAction: { actionType: 'CALL', url: 'https://x.example' } }))).toEqual([
      'callToAction.url',
    ]);
    expect(violations(await post({ topicType: 'STANDARD', summary: 'Hi', callToAction: { actionType: 'PHONE' } }))).toEqual(['callToAction.actionType']);
    expect(violations(await post({ topicType: 'EVENT', summary: 'x' }))).toEqual(['event']);
    expect(violations(await post({ topicType: 'EVENT', event: { title: 'x'.repeat(59), schedule: { startDate: day(5), endDate: day(4) } } }))).toEqual([
      'event.title',
      'event.schedule.endDate',
    ]);
    expect(
      violations(
        await post({
          topicType: 'EVENT',
          event: { title: 'Tasting', schedule: { startDate: day(5), startTime: { hours: 18 }, endDate: day(5), endTime: { hours: 17 } } },
        }),
      ),
    ).toEqual(['event.schedule.endTime']);
    expect(
      violations(await post({ topicType: 'EVENT', event: { title: 'Tasting', schedule: { startDate: day(5), startTime: { hours: 25 }, endDate: day(6) } } })),
    ).toEqual(['event.schedule.startTime', 'event.schedule.endTime']);
    expect(
      violations(
        await post({ topicType: 'OFFER', event: { title: 'Deal', schedule: { startDate: day(1), endDate: day(31) } }, offer: { redeemOnlineUrl: 'nope' } }),
      ),
    ).toEqual(['offer.redeemOnlineUrl']);
    expect(violations(await post({ topicType: 'ALERT', summary: 'Closed today' }))).toEqual(['alertType']);
    expect(violations(await post({ topicType: 'STANDARD', summary: 'x', offer: { couponCode: 'A' } }))).toEqual(['offer']);

    const offer = await post<LocalPost>({
      topicType: 'OFFER',
      summary: '2 for 1 lattes',
      event: { title: 'Latte week', schedule: { startDate: day(1), endDate: day(7) } },
      offer: { couponCode: 'LATTE2', redeemOnlineUrl: 'https://sunrisecoffee.co/offer', termsConditions: 'While supplies last.' },
      callToAction: { actionType: 'LEARN_MORE', url: 'https://sunrisecoffee.co' },
    });
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({ topicType: 'OFFER', state: 'LIVE', offer: { couponCode: 'LATTE2' } });
    expect(offer.body.callToAction).toBeUndefined();
    const event = await post<LocalPost>({
      topicType: 'EVENT',
      summary: 'Live music',
      event: { title: 'Jazz night', schedule: { startDate: day(5), startTime: { hours: 19 }, endDate: day(5), endTime: { hours: 22, minutes: 30 } } },
      callToAction: { actionType: 'CALL' },
    });
    expect(event.body).toMatchObject({ topicType: 'EVENT', callToAction: { actionType: 'CALL' } });
    expect((await google.get<{ localPosts: LocalPost[] }>(`${l!.v4}/localPosts`)).body.localPosts.slice(0, 2).map((p) => p.name)).toEqual([
      event.body.name,
      offer.body.name,
    ]);
    const admin = await hooks.get<{ localPosts: LocalPost[] }>(`/google/__sandbox/locations/${l!.id}/localPosts`);
    expect(admin.body.localPosts[1]).toEqual(offer.body);
  });

  it('patches a post with updateMask, validates the result, and re-moderates its text', async () => {
    const [, l] = await locations('Sunrise Coffee Co.', 2);
    const created = await google.post<LocalPost>(`${l!.v4}/localPosts`, {
      topicType: 'STANDARD',
      summary: 'Fresh scones today',
      callToAction: { actionType: 'ORDER', url: 'https://sunrisecoffee.co/order' },
    });
    const name = `${V4}/${created.body.name}`;
    const patched = await google.patch<LocalPost>(`${name}?updateMask=summary`, { summary: 'Fresh scones and muffins today' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      summary: 'Fresh scones and muffins today',
      callToAction: { actionType: 'ORDER' },
      state: 'LIVE',
      createTime: created.body.createTime,
    });
    expect(patched.body.updateTime >= created.body.updateTime).toBe(true);
    expect(violations(await google.patch<GoogleError>(name, { summary: 'x' }))[0]).toBe('update_mask');
    expect((await google.patch(`${name}?updateMask=topicType`, { topicType: 'EVENT' })).status).toBe(400);
    expect(violations(await google.patch<GoogleError>(`${name}?updateMask=callToAction`, { callToAction: { actionType: 'SHOP' } }))).toEqual([
      'callToAction.url',
    ]);
    const removedCta = await google.patch<LocalPost>(`${name}?updateMask=callToAction`, {});
    expect(removedCta.body.callToAction).toBeUndefined();
    const phone = await google.patch<LocalPost>(`${name}?updateMask=summary`, { summary: 'Call (512) 555-0199 to order' });
    expect(phone.body.state).toBe('REJECTED');
    expect((await google.get<LocalPost>(name)).body.summary).toBe('Call (512) 555-0199 to order');
    expect((await google.patch(`${V4}/${created.body.name.replace(/\d+$/, '1')}?updateMask=summary`, { summary: 'x' })).status).toBe(404);
  });

  it('holds a post with a link in its text for review, and answers its state as Google decides: by the hook or after the review time', async () => {
    const [, , l] = await locations('Sunrise Coffee Co.', 3);
    const create = (summary: string) => google.post<LocalPost>(`${l!.v4}/localPosts`, { topicType: 'STANDARD', summary });
    const held = await create('Order ahead at https://sunrisecoffee.co/order');
    const alsoHeld = await create('New menu on www.sunrisecoffee.co');
    expect([held.body.state, alsoHeld.body.state]).toEqual(['PROCESSING', 'PROCESSING']);
    const get = async (post: GoogleAnswer<LocalPost>) => (await google.get<LocalPost>(`${V4}/${post.body.name}`)).body.state;
    const review = (post: GoogleAnswer<LocalPost>, state: string) =>
      hooks.post<LocalPost & GoogleError>(`/google/__sandbox/locations/${l!.id}/localPosts/${post.body.name.split('/').at(-1)}/review`, { state });
    expect(await get(held)).toBe('PROCESSING');

    expect((await review(held, 'PENDING')).status).toBe(400);
    expect((await review(held, 'REJECTED')).body.state).toBe('REJECTED');
    expect(await get(held)).toBe('REJECTED');
    // decided once: Google does not decide again
    expect((await review(held, 'LIVE')).status).toBe(400);

    // a post nobody decides on is shown once its review time has passed
    await hooks.patch('/google/__sandbox/options', { postReviewMs: 50 });
    const later = await create('Our hours: https://sunrisecoffee.co/hours');
    expect(later.body.state).toBe('PROCESSING');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await get(later)).toBe('LIVE');
    expect(await get(alsoHeld)).toBe('PROCESSING');
    await hooks.patch('/google/__sandbox/options', { postReviewMs: 120_000 });
  });
});

describe('v4 media uploads', () => {
  it('takes bytes through media:startUpload and the upload endpoint, then creates the item from dataRef', async () => {
    const [l] = await locations('Garcia Family Dental', 1);
    const startUpload = () => google.post<{ resourceName: string }>(`${l!.v4}/media:startUpload`, {});
    const start = await startUpload();
    expect(start.body.resourceName).toMatch(/^AF1Qip/);
    const photo = await fetch(`${sandbox.url}/google/images/photo/upload-test.png?w=1280&h=720`);
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_240);
    const up = await fetch(`${sandbox.url}/google/upload/v1/media/${start.body.resourceName}?upload_type=media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: bytes,
    });
    expect(up.status).toBe(200);
    const created = await google.post<MediaItem>(`${l!.v4}/media`, {
      mediaFormat: 'PHOTO',
      locationAssociation: { category: 'COVER' },
      dataRef: { resourceName: start.body.resourceName },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      mediaFormat: 'PHOTO',
      locationAssociation: { category: 'COVER' },
      dimensions: { widthPixels: 1280, heightPixels: 720 },
    });
    expect(Buffer.from(await (await fetch(created.body.googleUrl)).arrayBuffer()).equals(bytes)).toBe(true);
    expect((await hooks.get<{ mediaItems: MediaItem[] }>(`/google/__sandbox/locations/${l!.id}/media`)).body.mediaItems[0]).toEqual(created.body);
    // A resource name is used once, and only for its own location.
    const again = await google.post<GoogleError>(`${l!.v4}/media`, {
      mediaFormat: 'PHOTO',
      locationAssociation: { category: 'INTERIOR' },
      dataRef: { resourceName: start.body.resourceName },
    });
    expect(violations(again)).toEqual(['dataRef.resourceName']);
    const empty = await startUpload();
    expect(
      violations(
        await google.post<GoogleError>(`${l!.v4}/media`, {
          mediaFormat: 'PHOTO',
          locationAssociation: { category: 'INTERIOR' },
          dataRef: { resourceName: empty.body.resourceName },
        }),
      ),
    ).toEqual(['dataRef.resourceName']);
    const tiny = await startUpload();
    await fetch(`${sandbox.url}/google/upload/v1/media/${tiny.body.resourceName}?upload_type=media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: bytes.subarray(0, 9_000),
    });
    const refused = await google.post<GoogleError>(`${l!.v4}/media`, {
      mediaFormat: 'PHOTO',
      locationAssociation: { category: 'INTERIOR' },
      dataRef: { resourceName: tiny.body.resourceName },
    });
    expect(refused.status).toBe(400);
    expect(violations(refused)).toEqual(['dataRef.resourceName']);
    expect(
      (await fetch(`${sandbox.url}/google/upload/v1/media/nope`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: bytes })).status,
    ).toBe(404);
  });
});

describe('historical questions (Q&A API, read only)', () => {
  it('lists questions asked before the shutdown with authors, upvotes and top answers, paged and ordered', async () => {
    const locs = await locations('Garcia Family Dental', 24);
    let found: Questions | undefined;
    let loc = locs[0]!;
    for (const l of locs) {
      const res = await google.get<Questions>(`${QA}/locations/${l.id}/questions?answersPerQuestion=10`);
      expect(res.status).toBe(200);
      if (res.body.totalSize >= 3) {
        found = res.body;
        loc = l;
        break;
      }
    }
    if (!found) throw new Error('no location with three questions');
    expect(found.questions.length).toBe(found.totalSize);
    for (const q of found.questions) {
      expect(q.name).toMatch(new RegExp(`^locations/${loc.id}/questions/`));
      expect(q.createTime < '2025-11-03').toBe(true);
      expect(q.author.profilePhotoUri).toMatch(/^\/\/127\.0\.0\.1:\d+\/google\/images\/avatar\//);
      expect(['REGULAR_USER', 'LOCAL_GUIDE']).toContain(q.author.type);
      expect(q.totalAnswerCount).toBe(q.topAnswers?.length ?? 0);
      for (const a of q.topAnswers ?? []) expect(a.name.startsWith(`${q.name}/answers/`)).toBe(true);
    }
    const times = found.questions.map((q) => q.updateTime);
    expect(times).toEqual([...times].sort().reverse());
    const byVotes = (await google.get<Questions>(`${QA}/locations/${loc.id}/questions?orderBy=upvoteCount%20desc`)).body.questions.map((q) => q.upvoteCount);
    expect(byVotes).toEqual([...byVotes].sort((a, b) => b - a));
    const page = await google.get<Questions>(`${QA}/locations/${loc.id}/questions?pageSize=2`);
    expect(page.body.questions).toHaveLength(2);
    const next = await google.get<Questions>(`${QA}/locations/${loc.id}/questions?pageSize=2&pageToken=${page.body.nextPageToken}`);
    expect(next.body.questions[0]!.name).toBe(found.questions[2]!.name);
    const answered = found.questions.find((q) => q.totalAnswerCount > 0)!;
    const answers = await google.get<{ totalSize: number }>(`/google/mybusinessqanda/v1/${answered.name}/answers`);
    expect(answers.body.totalSize).toBe(answered.totalAnswerCount);
    const unanswered = (await google.get<Partial<Questions>>(`${QA}/locations/${loc.id}/questions?filter=ignore_answered%3Dtrue`)).body.questions ?? [];
    expect(unanswered.every((q) => q.totalAnswerCount === 0)).toBe(true);
    // The same questions every time.
    expect((await google.get<Questions>(`${QA}/locations/${loc.id}/questions?answersPerQuestion=10`)).body).toEqual(found);
  });

  it('refuses new questions and answers: Google discontinued the API', async () => {
    const [l] = await locations('Garcia Family Dental', 1);
    const res = await google.post<GoogleError>(`${QA}/locations/${l!.id}/questions`, { text: 'Open Sundays?' });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('FAILED_PRECONDITION');
    expect(res.body.error.message).toContain('discontinued');
    expect((await google.get(`${QA}/locations/${l!.id}/questions?orderBy=newest`)).status).toBe(400);
  });
});

describe('Performance API', () => {
  const q = (metric: string, from: string, to: string) => {
    const [fy, fm, fd] = from.split('-').map(Number);
    const [ty, tm, td] = to.split('-').map(Number);
    return `dailyMetrics=${metric}&dailyRange.startDate.year=${fy}&dailyRange.startDate.month=${fm}&dailyRange.startDate.day=${fd}&dailyRange.endDate.year=${ty}&dailyRange.endDate.month=${tm}&dailyRange.endDate.day=${td}`;
  };
  const seriesOf = async (loc: string, metric: string, from: string, to: string) => {
    const res = await google.get<DailyMetrics>(`${PERF}/locations/${loc}:fetchMultiDailyMetricsTimeSeries?${q(metric, from, to)}`);
    expect(res.status).toBe(200);
    return res.body.multiDailyMetricTimeSeries[0]!.dailyMetricTimeSeries[0]!.timeSeries.datedValues.map((d) => ({
      weekday: new Date(Date.UTC(d.date.year, d.date.month - 1, d.date.day)).getUTCDay(),
      value: Number(d.value ?? 0),
    }));
  };
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

  it('has weekly seasonality by business type: dental offices are quiet on Sundays, coffee shops busy at weekends', async () => {
    const [dental] = await locations('Garcia Family Dental', 1);
    const dentalSeries = await seriesOf(dental!.id, 'CALL_CLICKS', '2025-01-06', '2025-06-29');
    expect(mean(dentalSeries.filter((d) => d.weekday === 0).map((d) => d.value))).toBeLessThan(
      mean(dentalSeries.filter((d) => d.weekday >= 1 && d.weekday <= 5).map((d) => d.value)) / 2,
    );
    const [coffee] = await locations('Sunrise Coffee Co.', 1);
    const coffeeSeries = await seriesOf(coffee!.id, 'BUSINESS_IMPRESSIONS_MOBILE_MAPS', '2025-01-06', '2025-06-29');
    expect(mean(coffeeSeries.filter((d) => d.weekday === 0 || d.weekday === 6).map((d) => d.value))).toBeGreaterThan(
      mean(coffeeSeries.filter((d) => d.weekday >= 1 && d.weekday <= 4).map((d) => d.value)),
    );
  });

  it('scales each location differently, returns only food metrics for food businesses, and nothing after yesterday', async () => {
    const coffees = await locations('Sunrise Coffee Co.', 6);
    const totals = await Promise.all(
      coffees.map(async (l) => (await seriesOf(l.id, 'WEBSITE_CLICKS', '2025-03-01', '2025-03-31')).reduce((s, d) => s + d.value, 0)),
    );
    expect(Math.max(...totals)).toBeGreaterThan(Math.min(...totals) * 1.5);
    expect((await seriesOf(coffees[0]!.id, 'BUSINESS_FOOD_ORDERS', '2025-03-01', '2025-03-31')).some((d) => d.value > 0)).toBe(true);
    const [dental] = await locations('Garcia Family Dental', 1);
    expect((await seriesOf(dental!.id, 'BUSINESS_FOOD_ORDERS', '2025-03-01', '2025-03-31')).every((d) => d.value === 0)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await seriesOf(coffees[0]!.id, 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH', today, today);
    expect(recent).toEqual([{ weekday: new Date().getUTCDay(), value: 0 }]);
  });

  it('counts Performance calls against the enforced quota', async () => {
    const [l] = await locations('Sunrise Coffee Co.', 1);
    await hooks.patch('/google/__sandbox/options', { queriesPerMinute: 1 });
    try {
      const path = `${PERF}/locations/${l!.id}:fetchMultiDailyMetricsTimeSeries?${q('CALL_CLICKS', '2025-03-01', '2025-03-02')}`;
      const statuses = [(await google.get(path)).status, (await google.get(path)).status];
      expect(statuses).toContain(429);
    } finally {
      await hooks.patch('/google/__sandbox/options', { queriesPerMinute: 0 });
    }
  });
});
