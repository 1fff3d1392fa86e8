import {
  cancelTemplateScheduleRoute,
  deleteTemplateRoute,
  LOCATIONS_COLLECTION,
  POST_TEMPLATE_LOGS_COLLECTION,
  postTemplateStream,
  publishTemplateRoute,
  retryTemplateRoute,
  saveTemplateRoute,
  templateErrors,
  templateMessages,
  templatePostOf,
  templatePostStream,
  TEMPLATE_IMAGE_MAX_BYTES,
  uploadTemplateImageRoute,
  type LocationDoc,
  type PostTemplateLogDoc,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type CommandDeps, type RequestContext, type RouteImplementation } from '@locus/platform';
import { randomUUID } from 'node:crypto';
import { mediaStoreOf } from '@locus/platform/blob/file-blob-store';
import { eventMetadata, handleCommand, maxPosition } from '../kit';
import { sniffImage } from '../kit/sniff-image';
import { sanitizeTemplateHtml } from './sanitize';
import { templateDecider, type TemplateCommand } from './template-decider';
import { templatePostDecider } from './template-post';

type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

const companyOf = (req: Req) => callerCompanyId(req, () => fail(templateErrors.notFound));

/** Runs a command on a template's stream (shared by the routes and the scheduler). */
export function runTemplateCommand(deps: CommandDeps, metadata: ReturnType<typeof eventMetadata>, templateId: string, command: TemplateCommand) {
  return handleCommand({
    eventStore: deps.eventStore,
    streamName: postTemplateStream(templateId),
    decider: templateDecider,
    command,
    metadata,
    newId: () => deps.ids.uuid(),
  });
}

/** Every id must be one of the company's locations (404 otherwise, as another company's id in a path). */
export async function requireCompanyLocations(deps: CommandDeps, companyId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId, _id: { $in: unique } }, { projection: { _id: 1 } });
  if (found.length !== unique.length) throw fail(templateErrors.unknownLocations);
  return unique;
}

export function templatesCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const media = mediaStoreOf(deps.config.dataDir);
  return [
    implement(uploadTemplateImageRoute, async (req) => {
      const file = req.files.find((f) => f.field === 'File') ?? req.files[0];
      if (!file) throw fail(templateErrors.imageMissing, [{ field: 'File', message: templateMessages.imageMissing }]);
      if (file.size > TEMPLATE_IMAGE_MAX_BYTES) throw fail(templateErrors.imageTooLarge, [{ field: 'File', message: templateMessages.imageTooLarge }]);
      const kind = await sniffImage(file.path);
      if (!kind || !file.mimeType.startsWith('image/')) throw fail(templateErrors.imageNotImage, [{ field: 'File', message: templateMessages.imageNotImage }]);
      const stored = await media.put(`templates/${randomUUID()}.${kind.ext}`, { path: file.path }, kind.mime);
      return { body: { Success: true as const, Url: stored.url, ResponseMessage: templateMessages.imageUploaded } };
    }),

    implement(saveTemplateRoute, async (req) => {
      const companyId = companyOf(req);
      const body = req.body;
      const templateId = body.Id ? body.Id : deps.ids.uuid();
      const locationIds = await requireCompanyLocations(deps, companyId, body.TemplateLocationIds);
      const scheduleDate = body.ScheduleDate ? new Date(body.ScheduleDate).toISOString() : null;
      if (scheduleDate && locationIds.length === 0) throw fail(templateErrors.noLocations);
      const post = templatePostOf(body, sanitizeTemplateHtml(body.TemplateContent));
      const result = await runTemplateCommand(deps, eventMetadata(req, companyId, deps.clock), templateId, {
        type: 'SaveTemplate',
        templateId,
        companyId,
        post,
        locationIds,
        scheduleDate,
      });
      return ok({ Id: templateId }, { message: scheduleDate ? templateMessages.scheduled : templateMessages.saved, position: result.position });
    }),

    implement(publishTemplateRoute, async (req) => {
      const companyId = companyOf(req);
      const locationIds = await requireCompanyLocations(deps, companyId, req.body.LocationIds);
      const result = await runTemplateCommand(deps, eventMetadata(req, companyId, deps.clock), req.body.TemplateId, {
        type: 'PublishTemplate',
        templateId: req.body.TemplateId,
        companyId,
        publishId: deps.ids.uuid(),
        locationIds,
        now: deps.clock.now().toISOString(),
        scheduled: false,
      });
      // what Google did is told as the posts land (progress, then the outcome), not here
      return ok(undefined, { message: templateMessages.publishing(locationIds.length), position: result.position });
    }),

    implement(retryTemplateRoute, async (req) => {
      const companyId = companyOf(req);
      const templateId = req.params.id;
      const failedPosts = await deps.readModels.collection<PostTemplateLogDoc>(POST_TEMPLATE_LOGS_COLLECTION).find({ companyId, templateId, status: 'failed' });
      if (failedPosts.length === 0) {
        const any = await deps.readModels.collection<PostTemplateLogDoc>(POST_TEMPLATE_LOGS_COLLECTION).findOne({ companyId, templateId });
        throw fail(any ? templateErrors.nothingToRetry : templateErrors.notFound);
      }
      const metadata = eventMetadata(req, companyId, deps.clock);
      const positions: (number | undefined)[] = [];
      for (const failedPost of failedPosts) {
        const result = await handleCommand({
          eventStore: deps.eventStore,
          streamName: templatePostStream(templateId, failedPost.locationId),
          decider: templatePostDecider,
          command: { type: 'RetryTemplatePost', templateId, companyId, locationId: failedPost.locationId, retryId: deps.ids.uuid() },
          metadata,
          newId: () => deps.ids.uuid(),
        });
        if (result.events.length) positions.push(result.position);
      }
      return ok(undefined, { message: templateMessages.retried, position: maxPosition(...positions) });
    }),

    implement(cancelTemplateScheduleRoute, async (req) => {
      const companyId = companyOf(req);
      const result = await runTemplateCommand(deps, eventMetadata(req, companyId, deps.clock), req.params.id, {
        type: 'CancelSchedule',
        templateId: req.params.id,
        companyId,
      });
      return ok(undefined, { message: templateMessages.scheduleCancelled, position: result.position });
    }),

    implement(deleteTemplateRoute, async (req) => {
      const companyId = companyOf(req);
      const result = await runTemplateCommand(deps, eventMetadata(req, companyId, deps.clock), req.params.id, {
        type: 'DeleteTemplate',
        templateId: req.params.id,
        companyId,
      });
      return ok(undefined, { message: templateMessages.deleted, position: result.position });
    }),
  ];
}
