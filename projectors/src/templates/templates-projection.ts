import type { ProjectionDefinition, ProjectionDocs } from '@locus/platform/ports';
import {
  POST_TEMPLATE_LOCATIONS_COLLECTION,
  POST_TEMPLATE_LOGS_COLLECTION,
  POST_TEMPLATES_COLLECTION,
  type CompanyDeletedEvent,
  type PostTemplateDoc,
  type PostTemplateLocationsDoc,
  type PostTemplateLogDoc,
  type TemplateEventOf,
} from '@locus/contracts';

type Handled =
  | TemplateEventOf<
      | 'PostTemplateSaved'
      | 'PostTemplateDeleted'
      | 'PostTemplateScheduleCancelled'
      | 'PostTemplatePublishRequested'
      | 'TemplatePostCreated'
      | 'TemplatePostFailed'
      | 'TemplatePostRejected'
      | 'TemplatePostApprovedByGoogle'
      | 'TemplatePostRetryRequested'
    >
  | CompanyDeletedEvent;

const logId = (templateId: string, locationId: string) => `${templateId}:${locationId}`;

/** Finished when every location has an outcome; published (log only) from the publish request on. */
function withProgress(doc: PostTemplateDoc, at: string): PostTemplateDoc {
  const answered = doc.done + doc.inReview + doc.rejected + doc.failed;
  const status = doc.status === 'publishing' && answered >= doc.total ? 'published' : doc.status;
  return { ...doc, status, updatedAt: at };
}

/** The template's counter of each post outcome. */
const COUNTER = { published: 'done', 'in-review': 'inReview', rejected: 'rejected', failed: 'failed' } as const;

/**
 * Records one post's outcome in its log and the template's counts. Google's answer is final
 * (a post it took, live, in review or rejected, is not changed by a later failure) except that
 * a post in its review becomes live or rejected when Google decides, or failed when Google no
 * longer has it; a failure is replaced by
 * the outcome of its retry.
 */
async function settle(docs: ProjectionDocs, at: string, log: PostTemplateLogDoc & { status: keyof typeof COUNTER }) {
  const prevLog = await docs.get<PostTemplateLogDoc>(POST_TEMPLATE_LOGS_COLLECTION, log._id);
  // Google decides on a post it held for review, or loses it (deleted there meanwhile: failed).
  const reviewDecided = prevLog?.status === 'in-review' && (log.status === 'published' || log.status === 'rejected' || log.status === 'failed');
  if (prevLog && prevLog.status !== 'pending' && !reviewDecided && (prevLog.status !== 'failed' || log.status === 'failed')) return;
  // the post's date stays the day Google took it
  docs.put(POST_TEMPLATE_LOGS_COLLECTION, reviewDecided ? { ...log, createdDate: prevLog.createdDate } : log);
  const prev = await template(docs, log.templateId);
  if (!prev) return;
  const doc: PostTemplateDoc = { ...prev, failures: prev.failures.filter((f) => f.locationId !== log.locationId) };
  if (prevLog?.status === 'failed') doc.failed -= 1;
  if (reviewDecided) doc.inReview -= 1;
  doc[COUNTER[log.status]] += 1;
  if (log.status === 'rejected' || log.status === 'failed')
    doc.failures.push({ locationId: log.locationId, locationName: log.locationName, message: log.error ?? '', kind: log.status });
  docs.put(POST_TEMPLATES_COLLECTION, withProgress(doc, at));
}

async function template(docs: ProjectionDocs, templateId: string) {
  return docs.get<PostTemplateDoc>(POST_TEMPLATES_COLLECTION, templateId);
}

const putLocations = (docs: ProjectionDocs, templateId: string, companyId: string, locationIds: string[]) =>
  docs.put(POST_TEMPLATE_LOCATIONS_COLLECTION, { _id: templateId, companyId, locationIds } satisfies PostTemplateLocationsDoc);

/**
 * Post templates with their publishing progress by Google's answer (live, in review, rejected,
 * failed, of the total; rejections and failures with their reason), each template's locations
 * apart (each outcome rewrites the template's document, not its list of locations), and one
 * log document per (template, location) post.
 */
export const templatesProjection: ProjectionDefinition<Handled> = {
  name: 'templates',
  // 2: Google's rejections and posts in its review counted apart from live ones
  // 3: logs indexed by status (the schedule following posts in Google's review reads them)
  // 4: a template's locations in post-template-locations, not in its document; a post Google lost in review counts failed
  version: 4,
  collections: [
    {
      name: POST_TEMPLATES_COLLECTION,
      indexes: [{ key: { companyId: 1, createdAt: -1 } }, { key: { status: 1, scheduleDate: 1 } }],
    },
    { name: POST_TEMPLATE_LOCATIONS_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
    {
      name: POST_TEMPLATE_LOGS_COLLECTION,
      indexes: [{ key: { templateId: 1, createdDate: -1 } }, { key: { companyId: 1, templateId: 1, status: 1 } }, { key: { status: 1 } }],
    },
  ],
  handles: [
    'PostTemplateSaved',
    'PostTemplateDeleted',
    'PostTemplateScheduleCancelled',
    'PostTemplatePublishRequested',
    'TemplatePostCreated',
    'TemplatePostFailed',
    'TemplatePostRejected',
    'TemplatePostApprovedByGoogle',
    'TemplatePostRetryRequested',
    'CompanyDeleted',
  ],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'PostTemplateSaved': {
        const d = event.data;
        const prev = await template(docs, d.templateId);
        const doc: PostTemplateDoc = {
          _id: d.templateId,
          companyId: d.companyId,
          post: d.post,
          scheduleDate: d.scheduleDate,
          status: d.scheduleDate ? 'scheduled' : 'draft',
          publishDate: null,
          total: 0,
          done: 0,
          inReview: 0,
          rejected: 0,
          failed: 0,
          failures: [],
          createdAt: prev?.createdAt ?? at,
          updatedAt: at,
        };
        docs.put(POST_TEMPLATES_COLLECTION, doc);
        putLocations(docs, d.templateId, d.companyId, d.locationIds);
        return;
      }
      case 'PostTemplateScheduleCancelled': {
        const prev = await template(docs, event.data.templateId);
        if (prev) docs.put(POST_TEMPLATES_COLLECTION, { ...prev, scheduleDate: null, status: 'draft', updatedAt: at });
        return;
      }
      case 'PostTemplateDeleted':
        docs.delete(POST_TEMPLATES_COLLECTION, event.data.templateId);
        docs.delete(POST_TEMPLATE_LOCATIONS_COLLECTION, event.data.templateId);
        return;
      case 'PostTemplatePublishRequested': {
        const prev = await template(docs, event.data.templateId);
        if (!prev) return;
        docs.put(POST_TEMPLATES_COLLECTION, {
          ...prev,
          status: 'publishing',
          publishDate: event.data.requestedAt,
          total: event.data.locationIds.length,
          done: 0,
          inReview: 0,
          rejected: 0,
          failed: 0,
          failures: [],
          updatedAt: at,
        });
        putLocations(docs, prev._id, prev.companyId, event.data.locationIds);
        return;
      }
      case 'TemplatePostCreated': {
        const d = event.data;
        const live = (d.state ?? 'LIVE') === 'LIVE';
        return settle(docs, at, {
          _id: logId(d.templateId, d.locationId),
          companyId: d.companyId,
          templateId: d.templateId,
          locationId: d.locationId,
          locationName: d.locationName,
          status: live ? 'published' : 'in-review',
          createdDate: d.createdAt,
          actualContent: d.summary,
          // a post in Google's review is not shown on Google yet
          localPostUrl: live ? d.searchUrl : null,
          error: null,
          locationNameLower: d.locationName.toLowerCase(),
        });
      }
      case 'TemplatePostRejected': {
        const d = event.data;
        return settle(docs, at, {
          _id: logId(d.templateId, d.locationId),
          companyId: d.companyId,
          templateId: d.templateId,
          locationId: d.locationId,
          locationName: d.locationName,
          status: 'rejected',
          createdDate: d.rejectedAt,
          actualContent: d.summary,
          localPostUrl: null,
          error: d.reason,
          locationNameLower: d.locationName.toLowerCase(),
        });
      }
      case 'TemplatePostApprovedByGoogle': {
        const d = event.data;
        const prevLog = await docs.get<PostTemplateLogDoc>(POST_TEMPLATE_LOGS_COLLECTION, logId(d.templateId, d.locationId));
        if (!prevLog) return;
        return settle(docs, at, { ...prevLog, status: 'published', localPostUrl: d.searchUrl, error: null });
      }
      case 'TemplatePostFailed': {
        const d = event.data;
        return settle(docs, at, {
          _id: logId(d.templateId, d.locationId),
          companyId: d.companyId,
          templateId: d.templateId,
          locationId: d.locationId,
          locationName: d.locationName,
          status: 'failed',
          createdDate: d.failedAt,
          actualContent: '',
          localPostUrl: null,
          error: d.message,
          locationNameLower: d.locationName.toLowerCase(),
        });
      }
      case 'TemplatePostRetryRequested': {
        const d = event.data;
        const id = logId(d.templateId, d.locationId);
        const prevLog = await docs.get<PostTemplateLogDoc>(POST_TEMPLATE_LOGS_COLLECTION, id);
        if (prevLog?.status !== 'failed') return;
        docs.put(POST_TEMPLATE_LOGS_COLLECTION, { ...prevLog, status: 'pending', error: null });
        const prev = await template(docs, d.templateId);
        if (!prev) return;
        docs.put(POST_TEMPLATES_COLLECTION, {
          ...prev,
          status: 'publishing',
          failed: prev.failed - 1,
          failures: prev.failures.filter((f) => f.locationId !== d.locationId),
          updatedAt: at,
        });
        return;
      }
      case 'CompanyDeleted': {
        for (const collection of [POST_TEMPLATES_COLLECTION, POST_TEMPLATE_LOCATIONS_COLLECTION])
          for (const doc of await docs.find(collection, { companyId: event.data.companyId })) docs.delete(collection, doc._id);
        for (const doc of await docs.find(POST_TEMPLATE_LOGS_COLLECTION, { companyId: event.data.companyId }))
          docs.delete(POST_TEMPLATE_LOGS_COLLECTION, doc._id);
        return;
      }
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [templatesProjection];
