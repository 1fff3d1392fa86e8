import { createRng, type Rng } from '../../kit/rng';
import { failedPrecondition, invalidArgument, notFoundError } from '../errors';
import { avatarPath, opaqueId } from '../seed/activity';
import { FIRST_NAMES, LAST_NAMES } from '../seed/content';
import { businessType, DAY } from '../seed/reviews';
import type { GLocation, GState, JsonObject } from '../state';
import { pageOf, pageSize, queryString, readPageToken } from './common';
import { PATHS, type GoogleApi, type RegisterRoutes } from './context';

/** Google switched the Q&A API off on this day; the sandbox serves the questions asked before it, read only. */
export const QANDA_SHUTDOWN = Date.UTC(2025, 10, 3);

const QUESTIONS: { text: string; answers: string[] }[] = [
  { text: 'Is there parking on site?', answers: ['Yes, there is a free lot behind the building.', 'Street parking is easy after 6 PM.'] },
  { text: 'Is this location wheelchair accessible?', answers: ['Yes, the entrance and restrooms are wheelchair accessible.'] },
  { text: 'Do you accept credit cards?', answers: ['We accept all major credit cards and Apple Pay.', 'They took my Amex with no problem.'] },
  { text: 'Are you open on holidays?', answers: ['Holiday hours are posted on our profile; we close on Thanksgiving and Christmas Day.'] },
  {
    text: 'Do I need an appointment or can I walk in?',
    answers: ['Walk-ins are welcome, but appointments are seen first.', 'I walked in on a Tuesday and waited about ten minutes.'],
  },
  { text: 'Is there Wi-Fi for customers?', answers: ['Yes, free Wi-Fi; ask at the counter for the password.'] },
  { text: 'Do you have gift cards?', answers: ['Yes! Gift cards are available in store in any amount.'] },
  { text: 'Are pets allowed inside?', answers: ['Service animals are always welcome.'] },
];

const TYPE_QUESTIONS: Partial<Record<ReturnType<typeof businessType>, { text: string; answers: string[] }[]>> = {
  coffee: [{ text: 'Do you have oat milk?', answers: ['Yes, oat, almond and soy at no extra charge.'] }],
  restaurant: [{ text: 'Do you have vegetarian options?', answers: ['Several, marked with a leaf on the menu.'] }],
  auto: [{ text: 'Do you do state inspections?', answers: ['Yes, no appointment needed for inspections.'] }],
  medical: [{ text: 'Do you take new patients?', answers: ['Yes, call the front desk to register.'] }],
  salon: [{ text: 'Do you do color consultations?', answers: ['Free 15-minute consultations with any stylist.'] }],
  office: [{ text: 'Can I get a quote online?', answers: ['Yes, use the quote form on our website or call us.'] }],
};

interface Author {
  displayName: string;
  photo: string;
  type: 'REGULAR_USER' | 'LOCAL_GUIDE' | 'MERCHANT';
}

interface QAnswer {
  id: string;
  author: Author;
  text: string;
  upvoteCount: number;
  time: number;
}

interface QQuestion {
  id: string;
  author: Author;
  text: string;
  upvoteCount: number;
  time: number;
  answers: QAnswer[];
}

function person(rng: Rng): Author {
  const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)[0]}.`;
  return { displayName: name, photo: avatarPath(name, rng), type: rng.chance(0.3) ? 'LOCAL_GUIDE' : 'REGULAR_USER' };
}

/** The historical questions of a location: deterministic from the seed, none after the shutdown. */
export function questionsOf(state: GState, loc: GLocation): QQuestion[] {
  if (!loc.brandKey) return [];
  const rng = createRng(`${state.seed}:questions:${loc.id}`);
  const end = Math.min(Date.parse(state.anchor), QANDA_SHUTDOWN);
  const pool = [...(TYPE_QUESTIONS[businessType(loc)] ?? []), ...QUESTIONS];
  const merchant: Author = { displayName: String(loc.resource.title ?? 'Owner'), photo: avatarPath(String(loc.resource.title ?? 'O'), rng), type: 'MERCHANT' };
  return rng
    .sample(pool, rng.int(0, 6))
    .map((q) => {
      const time = end - rng.int(5, 900) * DAY - rng.int(0, DAY);
      const answers = q.answers
        .filter((_, i) => i === 0 || rng.chance(0.6))
        .filter(() => rng.chance(0.8))
        .map((text, i) => ({
          id: opaqueId(rng, 30),
          author: i === 0 && rng.chance(0.7) ? merchant : person(rng),
          text,
          upvoteCount: rng.int(0, 12),
          time: Math.min(end, time + rng.int(1, 30) * DAY),
        }));
      return { id: opaqueId(rng, 30), author: person(rng), text: q.text, upvoteCount: rng.int(0, 25), time, answers };
    })
    .sort((a, b) => b.time - a.time);
}

/** Google's author photos are protocol-relative (`//lh3.googleusercontent.com/...`); so are the sandbox's. */
const authorJson = (api: GoogleApi, a: Author): JsonObject => ({
  displayName: a.displayName,
  profilePhotoUri: api.abs(a.photo).replace(/^https?:/, ''),
  type: a.type,
});

const iso = (t: number) => new Date(t).toISOString();

function answerJson(api: GoogleApi, loc: GLocation, q: QQuestion, a: QAnswer): JsonObject {
  return {
    name: `locations/${loc.id}/questions/${q.id}/answers/${a.id}`,
    author: authorJson(api, a.author),
    upvoteCount: a.upvoteCount,
    text: a.text,
    createTime: iso(a.time),
    updateTime: iso(a.time),
  };
}

function orderOf(value: string | undefined): 'updateTime desc' | 'upvoteCount desc' {
  const order = (value ?? 'updateTime desc').trim();
  if (order !== 'updateTime desc' && order !== 'upvoteCount desc')
    throw invalidArgument(
      `Invalid orderBy "${order}".`,
      [{ field: 'orderBy', description: 'must be updateTime desc or upvoteCount desc' }],
      'mybusinessqanda.googleapis.com',
    );
  return order;
}

const sortBy = <T extends { time: number; upvoteCount: number }>(list: T[], order: string) =>
  [...list].sort((a, b) => (order === 'upvoteCount desc' ? b.upvoteCount - a.upvoteCount : 0) || b.time - a.time);

/** My Business Q&A API v1, read only: the questions asked before Google discontinued it. */
export const registerQandaRoutes: RegisterRoutes = (routes, api) => {
  const { store } = api;
  const base = `${PATHS.qanda}/locations/{locationId}/questions`;
  const discontinued = (ctx: Parameters<Parameters<typeof routes.add>[2]>[0]) => {
    api.caller(ctx);
    throw failedPrecondition('The Q&A API was discontinued on 2025-11-03: questions and answers are read only.', 'API_DISCONTINUED');
  };
  const question = (loc: GLocation, id: string) => {
    const q = questionsOf(store.state, loc).find((x) => x.id === id);
    if (!q) throw notFoundError();
    return q;
  };

  routes.add('GET', base, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const order = orderOf(queryString(ctx, 'orderBy', 'order_by'));
    const filter = (queryString(ctx, 'filter') ?? '').replace(/\s+/g, '');
    if (filter && filter !== 'ignore_answered=true' && filter !== 'ignore_answered=false')
      throw invalidArgument(
        `Invalid filter "${filter}".`,
        [{ field: 'filter', description: 'only ignore_answered=true is supported' }],
        'mybusinessqanda.googleapis.com',
      );
    const perQuestionRaw = queryString(ctx, 'answersPerQuestion', 'answers_per_question');
    const perQuestion = perQuestionRaw === undefined ? 1 : Number(perQuestionRaw);
    if (!Number.isInteger(perQuestion) || perQuestion < 0 || perQuestion > 10)
      throw invalidArgument(
        'answersPerQuestion must be 0-10.',
        [{ field: 'answersPerQuestion', description: 'must be an integer from 0 to 10' }],
        'mybusinessqanda.googleapis.com',
      );
    let list = sortBy(questionsOf(store.state, loc), order);
    if (filter === 'ignore_answered=true') list = list.filter((q) => q.answers.length === 0);
    const fingerprint = `questions|${loc.id}|${order}|${filter}`;
    const { page, nextPageToken } = pageOf(list, readPageToken(ctx, fingerprint), pageSize(ctx, 10, 10), fingerprint);
    ctx.body = {
      questions: page.map((q) => ({
        name: `locations/${loc.id}/questions/${q.id}`,
        author: authorJson(api, q.author),
        upvoteCount: q.upvoteCount,
        text: q.text,
        createTime: iso(q.time),
        updateTime: iso(q.time),
        ...(perQuestion > 0 && q.answers.length
          ? {
              topAnswers: sortBy(q.answers, 'upvoteCount desc')
                .slice(0, perQuestion)
                .map((a) => answerJson(api, loc, q, a)),
            }
          : {}),
        totalAnswerCount: q.answers.length,
      })),
      totalSize: list.length,
      ...(nextPageToken ? { nextPageToken } : {}),
    };
  });

  routes.add('GET', `${base}/{questionId}/answers`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const q = question(loc, p.questionId!);
    const order = orderOf(queryString(ctx, 'orderBy', 'order_by'));
    const fingerprint = `answers|${loc.id}|${q.id}|${order}`;
    const list = sortBy(q.answers, order);
    const { page, nextPageToken } = pageOf(list, readPageToken(ctx, fingerprint), pageSize(ctx, 10, 10), fingerprint);
    ctx.body = { answers: page.map((a) => answerJson(api, loc, q, a)), totalSize: list.length, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  routes.add('POST', base, discontinued);
  routes.add('PATCH', `${base}/{questionId}`, discontinued);
  routes.add('DELETE', `${base}/{questionId}`, discontinued);
  routes.add('POST', `${base}/{questionId}/answers:upsert`, discontinued);
  routes.add('DELETE', `${base}/{questionId}/answers:delete`, discontinued);
};
