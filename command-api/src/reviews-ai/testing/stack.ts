import { randomUUID } from 'node:crypto';
import { companyStream, reviewStream, userStream, type EventMetadata, type ReviewEvent } from '@locus/contracts';
import { startTestStack, type TestStack } from '@locus/tests/stack/test-stack';
import { companiesProjection } from '@locus/projectors/companies/companies-projection';
import { usersProjection } from '@locus/projectors/users/users-projection';
import { reviewsAiProjection } from '@locus/projectors/reviews-ai/reviews-ai-projection';
import { reviewsAiQueryRoutes } from '@locus/query-api/reviews-ai/routes';
import { reviewsAiCommandRoutes } from '../routes';
import { reviewsAiReactors, reviewsAiSchedules } from '../reactors';

type Received = Extract<ReviewEvent, { type: 'ReviewReceived' }>['data'];

const metadata = (companyId: string | null): EventMetadata => ({
  companyId,
  actor: { userId: 'system', role: 'System' },
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

/**
 * The reviews-ai feature on the one test stack: its routes, projection and reactors, the
 * users and companies projections (approvers, business name), and the sandbox's LLM. A
 * "minute" of a rule's delay lasts one second and the outbox is looked at every 100 ms.
 */
export async function startReviewsAiStack(env: Record<string, string> = {}) {
  const stack: TestStack = await startTestStack({
    sandbox: true,
    commandFeatures: [reviewsAiCommandRoutes],
    queryFeatures: [reviewsAiQueryRoutes],
    projections: [reviewsAiProjection, usersProjection, companiesProjection],
    reactors: [reviewsAiReactors],
    schedules: [reviewsAiSchedules],
    sessionValidation: false,
    env: { LOCUS_AUTO_REPLY_SECONDS_PER_MINUTE: '1', LOCUS_AUTO_REPLY_TICK_MS: '100', LOCUS_LLM_TIMEOUT_MS: '3000', LOCUS_LLM_MAX_RETRIES: '1', ...env },
  });

  async function seedCompany(name: string) {
    const companyId = randomUUID();
    const adminId = randomUUID();
    const adminEmail = `admin-${adminId.slice(0, 6)}@example.test`;
    await stack.eventStore.append(
      userStream(adminId),
      [
        {
          id: randomUUID(),
          type: 'UserCreated',
          data: {
            userId: adminId,
            companyId,
            role: 'CompanyAdmin',
            firstName: 'Alice',
            lastName: 'Admin',
            email: adminEmail,
            phoneNumber: '',
            passwordHash: null,
            isDefaultCompanyContact: true,
            source: 'seed',
          },
          metadata: metadata(companyId),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await stack.eventStore.append(
      companyStream(companyId),
      [
        {
          id: randomUUID(),
          type: 'CompanyCreated',
          data: { companyId, companyName: name, defaultAdminId: adminId, source: 'seed' },
          metadata: metadata(companyId),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    return {
      companyId,
      adminEmail,
      adminToken: await stack.tokenFor('CompanyAdmin', companyId, { userId: adminId, fullName: 'Alice Admin', email: adminEmail }),
      userToken: await stack.tokenFor('CompanyUser', companyId),
    };
  }

  /** What ingestion appends when Google shows a new review. */
  async function receiveReview(companyId: string, review: Partial<Received> & { starRating: number }) {
    const reviewId = review.reviewId ?? randomUUID();
    const now = new Date().toISOString();
    const data: Received = {
      reviewId,
      companyId,
      locationId: 'loc-1',
      googleName: `accounts/1/locations/1/reviews/${reviewId}`,
      googleReviewId: reviewId,
      reviewer: { displayName: 'Jane Doe', profilePhotoUrl: null, isAnonymous: false },
      comment: 'Great service and friendly staff.',
      createTime: now,
      updateTime: now,
      reply: null,
      sentiment: { score: review.starRating >= 4 ? 0.5 : -0.5, label: review.starRating >= 4 ? 'Positive' : 'Negative' },
      receivedAt: now,
      ...review,
    };
    await stack.eventStore.append(reviewStream(reviewId), [{ id: randomUUID(), type: 'ReviewReceived', data, metadata: metadata(companyId) }], {
      expectedRevision: 'any',
    });
    return reviewId;
  }

  return { stack, seedCompany, receiveReview };
}
