import {
  fetchTemplatesRoute,
  LOCATIONS_COLLECTION,
  POST_TEMPLATE_LOCATIONS_COLLECTION,
  POST_TEMPLATE_LOGS_COLLECTION,
  POST_TEMPLATE_VARIABLES,
  POST_TEMPLATES_COLLECTION,
  renderTemplatePost,
  renderVariablesInHtml,
  templateErrors,
  templateLogRoute,
  templatePreviewRoute,
  templateVariablesRoute,
  variableLabels,
  type LocationDoc,
  type PostTemplate,
  type PostTemplateDoc,
  type PostTemplateLocationsDoc,
  type PostTemplateLogDoc,
  type TemplateLogEntry,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type QueryDeps, type RequestContext, type RouteImplementation } from '@locus/platform';

const toTemplate = (d: PostTemplateDoc, locationIds: string[]): PostTemplate => ({
  Id: d._id,
  ...d.post,
  IsPublished: d.status === 'publishing' || d.status === 'published',
  PublishDate: d.publishDate,
  TotalPublishedLocations: d.done,
  TemplateLocationIds: locationIds,
  ScheduleDate: d.scheduleDate,
  Status: d.status,
  Progress: { Done: d.done, InReview: d.inReview, Rejected: d.rejected, Failed: d.failed, Total: d.total },
  Failures: d.failures.map((f) => ({ LocationId: f.locationId, LocationName: f.locationName, Message: f.message, Kind: f.kind })),
  CreatedDate: d.createdAt,
});

const toLogEntry = (d: PostTemplateLogDoc): TemplateLogEntry => ({
  Id: d._id,
  LocationId: d.locationId,
  LocationName: d.locationName,
  CreatedDate: d.createdDate ?? '',
  AcualContent: d.actualContent,
  LocalPostUrl: d.status === 'published' ? d.localPostUrl : null,
  Status: d.status,
  Error: d.error,
});

export function templatesQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const companyOf = (req: Pick<RequestContext, 'auth'>) => callerCompanyId(req, () => fail(templateErrors.notFound));
  const templates = () => deps.readModels.collection<PostTemplateDoc>(POST_TEMPLATES_COLLECTION);
  /** The caller's company's template; another company's answers 404 like a missing one. */
  const ownTemplate = async (companyId: string, id: string) => {
    const doc = await templates().findOne({ _id: id, companyId });
    if (!doc) throw fail(templateErrors.notFound);
    return doc;
  };

  return [
    implement(templateVariablesRoute, async () => ok(variableLabels(POST_TEMPLATE_VARIABLES).map((label) => ({ label })))),

    implement(fetchTemplatesRoute, async (req) => {
      const companyId = companyOf(req);
      const docs = await templates().find({ companyId }, { sort: { createdAt: -1, _id: 1 } });
      const locations = await deps.readModels
        .collection<PostTemplateLocationsDoc>(POST_TEMPLATE_LOCATIONS_COLLECTION)
        .find({ _id: { $in: docs.map((d) => d._id) }, companyId });
      const locationIdsOf = new Map(locations.map((l) => [l._id, l.locationIds]));
      return ok(docs.map((d) => toTemplate(d, locationIdsOf.get(d._id) ?? [])));
    }),

    implement(templateLogRoute, async (req) => {
      const companyId = companyOf(req);
      await ownTemplate(companyId, req.params.id);
      const logs = await deps.readModels
        .collection<PostTemplateLogDoc>(POST_TEMPLATE_LOGS_COLLECTION)
        // every location's post with Google's answer, not only the live ones
        .find({ templateId: req.params.id, companyId }, { sort: { createdDate: -1, _id: 1 } });
      return ok(logs.map(toLogEntry));
    }),

    implement(templatePreviewRoute, async (req) => {
      const companyId = companyOf(req);
      const doc = await ownTemplate(companyId, req.params.id);
      const location = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: req.params.locationId, companyId });
      if (!location) return ok(null);
      // the same rendering as the post the publish sends to Google
      const post = renderTemplatePost(doc.post, location.profile);
      return ok({
        LocationId: location._id,
        LocationName: location.profile.Title,
        Html: renderVariablesInHtml(doc.post.TemplateContent, location.profile),
        Summary: post.Summary,
        TopicType: doc.post.TopicType,
        EventTitle: post.Event?.EventTitle ?? null,
        ActionType: doc.post.CallToAction?.ActionType ?? null,
        MediaItemUrl: post.MediaUrl ?? null,
      });
    }),
  ];
}
