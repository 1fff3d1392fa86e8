import {
  bulkEditCancelStream,
  bulkEditErrors,
  bulkEditMessages as m,
  bulkEditStream,
  bulkLocationEditRoute,
  BULK_EDIT_FIELDS,
  cancelBulkEditRoute,
  LOCATIONS_COLLECTION,
  retryBulkEditRoute,
  toHoursPeriods,
  type BulkEditField,
  type BulkEditValues,
  type LocationDoc,
  type UserDoc,
  USERS_COLLECTION,
} from '@locus/contracts';
import { callerCompanyId, fail, failOn, implement, ok, validationError, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { eventMetadata, handleCommand, loadStream } from '../../kit';
import { resolveCategories } from '../profile-input';
import { bulkEditDecider } from './bulk-edit-decider';
import { isRunning, jobFold } from './job-state';

const companyOf = (req: Parameters<typeof callerCompanyId>[0]) => callerCompanyId(req, () => fail(bulkEditErrors.jobNotFound));

export function bulkEditCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const startedByName = async (userId: string) => {
    const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: userId });
    return user?.fullName ?? '';
  };
  const ownJob = async (companyId: string, jobId: string) => {
    const loaded = await loadStream(deps.eventStore, bulkEditStream(jobId), jobFold);
    if (!loaded.state.started || loaded.state.started.companyId !== companyId) throw fail(bulkEditErrors.jobNotFound);
    return loaded.state;
  };

  return [
    implement(bulkLocationEditRoute, async (req) => {
      const companyId = companyOf(req);
      const body = req.body;
      // An absent flag leaves its field untouched too; Country is always US.
      const fields = BULK_EDIT_FIELDS.filter((f): f is BulkEditField => f !== 'Country' && body.IgnoreBulkLocationFields[f] === false);
      if (!fields.length) throw fail(bulkEditErrors.nothingToChange, [{ field: 'IgnoreBulkLocationFields', message: m.nothingToChange }]);

      const docs = await deps.readModels
        .collection<LocationDoc>(LOCATIONS_COLLECTION)
        .find({ _id: { $in: body.SelectedLocations }, companyId }, { projection: { _id: 1 } });
      const found = new Set(docs.map((d) => d._id));
      const missing = body.SelectedLocations.find((id) => !found.has(id));
      if (missing) throw fail(bulkEditErrors.noLocationFound, [{ field: 'SelectedLocations', message: `${m.noLocationFound} (${missing})` }]);

      const wants = (f: BulkEditField) => fields.includes(f);
      if (wants('PrimaryCategory') && !body.PrimaryCategoryId)
        throw validationError('BULK_EDIT.PRIMARY_CATEGORY', 'Primary category is required', [
          { field: 'PrimaryCategoryId', message: 'Primary category is required' },
        ]);
      if (wants('PhoneNumber') && !body.PrimaryPhoneNumber)
        throw validationError('BULK_EDIT.PRIMARY_PHONE', 'Primary phone number is required', [
          { field: 'PrimaryPhoneNumber', message: 'Primary phone number is required' },
        ]);
      if (wants('BusinessName') && !body.Title)
        throw validationError('BULK_EDIT.BUSINESS_NAME', 'Business name is required', [{ field: 'Title', message: 'Business name is required' }]);
      const defaultImages = body.LocationDefaultImagesUrl.map((i) => i.MediaItemUrl).filter(Boolean);
      if (wants('LocationDefaultImage') && !defaultImages.length) throw failOn(bulkEditErrors.defaultMediaRequired, 'LocationDefaultImagesUrl');
      const categories = await resolveCategories(
        deps.readModels,
        wants('PrimaryCategory') && body.PrimaryCategoryId ? { field: 'PrimaryCategoryId', name: body.PrimaryCategoryId } : null,
        wants('AdditionalCategories') ? { field: 'SelectedAdditionalCategories', names: body.SelectedAdditionalCategories } : null,
      );
      const values: BulkEditValues = {
        Title: body.Title,
        PrimaryPhoneNumber: body.PrimaryPhoneNumber,
        AdditionalPhoneNumber: body.AdditionalPhoneNumber,
        StreetAddressLine1: body.StreetAddressLine1,
        StreetAddressLine2: body.StreetAddressLine2,
        Website: body.Website,
        ProfileDescription: body.ProfileDescription,
        PrimaryCategory: categories.primary,
        AdditionalCategories: categories.additional,
        LocaleZeCategories: body.LocaleZeCategoriesDto,
        State: body.State ?? '',
        ProfilePhoto: body.ProfilePhoto ?? null,
        CoverPhoto: body.CoverPhoto ?? null,
        DefaultImages: wants('LocationDefaultImage') ? defaultImages : [],
        Hours: toHoursPeriods(body.BusinessHours),
      };
      const jobId = deps.ids.uuid();
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: bulkEditStream(jobId),
        decider: bulkEditDecider,
        command: {
          type: 'Start',
          data: {
            jobId,
            companyId,
            locationIds: body.SelectedLocations,
            fields,
            values,
            startedBy: { userId: req.auth!.userId, name: await startedByName(req.auth!.userId) },
            startedAt: deps.clock.now().toISOString(),
          },
        },
        metadata: eventMetadata(req, companyId, deps.clock),
        newId: () => deps.ids.uuid(),
      });
      return ok({ JobId: jobId }, { message: m.started, position: result.position });
    }),

    implement(retryBulkEditRoute, async (req) => {
      const companyId = companyOf(req);
      const { jobId } = req.params;
      await ownJob(companyId, jobId);
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: bulkEditStream(jobId),
        decider: bulkEditDecider,
        command: { type: 'Retry' },
        metadata: eventMetadata(req, companyId, deps.clock),
        newId: () => deps.ids.uuid(),
      });
      return ok({ JobId: jobId }, { message: m.retryStarted, position: result.position });
    }),

    implement(cancelBulkEditRoute, async (req) => {
      const companyId = companyOf(req);
      const { jobId } = req.params;
      const state = await ownJob(companyId, jobId);
      if (!isRunning(state)) throw fail(bulkEditErrors.alreadyFinished);
      const result = await deps.eventStore.append(
        bulkEditCancelStream(jobId),
        [
          {
            id: deps.ids.uuid(),
            type: 'BulkEditCancelRequested',
            data: { jobId, companyId, requestedAt: deps.clock.now().toISOString() },
            metadata: eventMetadata(req, companyId, deps.clock),
          },
        ],
        { expectedRevision: 'any' },
      );
      return ok({ JobId: jobId }, { message: m.cancelled, position: result.position });
    }),
  ];
}
