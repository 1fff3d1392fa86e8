import { randomUUID } from 'node:crypto';
import {
  COUNTRY_CODE,
  deleteLocationDefaultImageRoute,
  locationDefaultsErrors,
  locationDefaultsMessages as m,
  locationDefaultsStream,
  saveLocationDefaultsRoute,
  toHoursPeriods,
  UPLOAD_IMAGE_MAX_BYTES,
  uploadErrors,
  uploadImageRoute,
  uploadImagesRoute,
  uploadMessages,
  type DefaultImage,
  type LocationDefaults,
  type LocationDefaultsEvent,
} from '@locus/contracts';
import {
  callerCompanyId,
  checkTenantUrl,
  fail,
  implement,
  validationError,
  type CommandDeps,
  type RouteImplementation,
  type UploadedFile,
} from '@locus/platform';
import { mediaStoreOf, type BlobStore } from '@locus/platform/blob/file-blob-store';
import { sniffImage } from '../kit/sniff-image';
import { isUsState } from '@locus/platform/geo/us-places';
import { eventMetadata, handleCommand } from '../kit';
import type { Decider } from '../kit/decider';
import { locationNotFound } from './location-decider';
import { resolveCategories } from './profile-input';

type DefaultsState = LocationDefaults | null;
/** A save: the fields it carries (`changes`) and images to add to the saved ones (`addImages`). */
type DefaultsCommand =
  | { type: 'Save'; companyId: string; changes: Partial<LocationDefaults>; addImages: DefaultImage[] }
  | { type: 'DeleteImage'; companyId: string; imageId: string };

export const emptyLocationDefaults = (): LocationDefaults => ({
  Title: '',
  PrimaryPhoneNumber: '',
  PrimaryCategory: null,
  AdditionalCategories: [],
  StreetAddressLine1: '',
  StreetAddressLine2: '',
  Region: COUNTRY_CODE,
  State: '',
  Website: '',
  ProfileDescription: '',
  hours: [],
  images: [],
});

const DEFAULT_FIELDS = Object.keys(emptyLocationDefaults()) as (keyof LocationDefaults)[];
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The stored defaults with a save merged in: fields it does not carry stay as saved; added images join the saved ones (once per URL). */
export function mergeLocationDefaults(saved: LocationDefaults | null, changes: Partial<LocationDefaults>, addImages: readonly DefaultImage[] = []) {
  const base = saved ?? emptyLocationDefaults();
  const next: LocationDefaults = { ...base };
  for (const key of DEFAULT_FIELDS) {
    const value = changes[key];
    if (value !== undefined) Object.assign(next, { [key]: value });
  }
  const urls = new Set(next.images.map((i) => i.MediaItemUrl));
  const added = addImages.filter((i) => !urls.has(i.MediaItemUrl) && urls.add(i.MediaItemUrl));
  if (added.length) next.images = [...next.images, ...added];
  const changed = DEFAULT_FIELDS.filter((key) => !sameValue(base[key], next[key]));
  return { defaults: next, changed };
}

export const evolveDefaults = (state: DefaultsState, event: LocationDefaultsEvent): DefaultsState => {
  switch (event.type) {
    case 'LocationDefaultsSaved':
      return event.data.defaults;
    case 'LocationDefaultImageDeleted':
      return state ? { ...state, images: state.images.filter((i) => i.Id !== event.data.imageId) } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};

/**
 * A company's location defaults: a save merges the fields it carries into the stored ones,
 * decided against the stream as it is appended on (nothing changed, nothing appended); a saved
 * image can be deleted on its own.
 */
export const locationDefaultsDecider: Decider<DefaultsState, DefaultsCommand, LocationDefaultsEvent> = {
  initialState: () => null,
  evolve: evolveDefaults,
  decide(command, state) {
    switch (command.type) {
      case 'Save': {
        const { defaults, changed } = mergeLocationDefaults(state, command.changes, command.addImages);
        if (state && !changed.length) return [];
        return { type: 'LocationDefaultsSaved', data: { companyId: command.companyId, defaults, changed } };
      }
      case 'DeleteImage':
        if (!state?.images.some((i) => i.Id === command.imageId)) throw fail(locationDefaultsErrors.imageNotFound);
        return { type: 'LocationDefaultImageDeleted', data: { companyId: command.companyId, imageId: command.imageId } };
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/** Stores one uploaded image after checking its bytes (not its name or declared type) and its size. */
export async function storeUploadedImage(media: BlobStore, companyId: string, file: UploadedFile | undefined, field: string) {
  if (!file) throw fail(uploadErrors.missing, [{ field, message: uploadMessages.missing }]);
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) throw fail(uploadErrors.tooLarge, [{ field, message: `${file.originalName}: ${uploadMessages.tooLarge}` }]);
  const kind = await sniffImage(file.path);
  if (!kind) throw fail(uploadErrors.notImage, [{ field, message: `${file.originalName}: ${uploadMessages.notImage}` }]);
  const id = randomUUID();
  const stored = await media.put(`companies/${companyId}/images/${id}.${kind.ext}`, { path: file.path }, kind.mime);
  return { Id: id, MediaItemUrl: stored.url };
}

export function locationDefaultsCommandRoutes(deps: CommandDeps, options: { media?: BlobStore } = {}): RouteImplementation[] {
  const media = options.media ?? mediaStoreOf(deps.config.dataDir);
  return [
    implement(saveLocationDefaultsRoute, async (req) => {
      const companyId = callerCompanyId(req, locationNotFound);
      const b = req.body;
      if (b.State && !isUsState(b.State))
        throw validationError('LOCATION_DEFAULTS.STATE', 'Unknown US state code', [{ field: 'State', message: 'Unknown US state code' }]);
      const wantsPrimary = b.PrimaryCategoryId !== undefined;
      const categories = await resolveCategories(
        deps.readModels,
        b.PrimaryCategoryId ? { field: 'PrimaryCategoryId', name: b.PrimaryCategoryId } : null,
        b.SelectedAdditionalCategories ? { field: 'SelectedAdditionalCategories', names: b.SelectedAdditionalCategories } : null,
      );
      // Google fetches default images on the company's word: not from inside the operator's network.
      for (const [field, images] of [
        ['LocationDefaultImagesUrl', b.LocationDefaultImagesUrl],
        ['AddLocationDefaultImagesUrl', b.AddLocationDefaultImagesUrl],
      ] as const)
        for (const image of images ?? []) await checkTenantUrl(image.MediaItemUrl, { allowPrivate: deps.config.allowPrivateUrls }, field);
      const imageOf = (i: { Id?: string | null; MediaItemUrl: string }): DefaultImage => ({ Id: i.Id || deps.ids.uuid(), MediaItemUrl: i.MediaItemUrl });
      // Only what the request carries; the rest of the saved defaults stays as it is.
      const changes: Partial<LocationDefaults> = {
        ...(b.Title !== undefined ? { Title: b.Title } : {}),
        ...(b.PrimaryPhoneNumber !== undefined ? { PrimaryPhoneNumber: b.PrimaryPhoneNumber } : {}),
        ...(wantsPrimary ? { PrimaryCategory: categories.primary } : {}),
        ...(b.SelectedAdditionalCategories !== undefined ? { AdditionalCategories: categories.additional } : {}),
        ...(b.StreetAddressLine1 !== undefined ? { StreetAddressLine1: b.StreetAddressLine1 } : {}),
        ...(b.StreetAddressLine2 !== undefined ? { StreetAddressLine2: b.StreetAddressLine2 } : {}),
        ...(b.State !== undefined ? { State: b.State ?? '' } : {}),
        ...(b.Website !== undefined ? { Website: b.Website } : {}),
        ...(b.ProfileDescription !== undefined ? { ProfileDescription: b.ProfileDescription } : {}),
        ...(b.BusinessHours !== undefined ? { hours: toHoursPeriods(b.BusinessHours) } : {}),
        ...(b.LocationDefaultImagesUrl !== undefined ? { images: b.LocationDefaultImagesUrl.map(imageOf) } : {}),
      };
      const addImages = (b.AddLocationDefaultImagesUrl ?? []).map(imageOf);
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: locationDefaultsStream(companyId),
        decider: locationDefaultsDecider,
        command: { type: 'Save', companyId, changes, addImages },
        metadata: eventMetadata(req, companyId, deps.clock),
        newId: () => deps.ids.uuid(),
      });
      return { body: { Success: true as const, ResponseMessage: m.saved }, position: result.position };
    }),
    implement(deleteLocationDefaultImageRoute, async (req) => {
      const companyId = callerCompanyId(req, locationNotFound);
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: locationDefaultsStream(companyId),
        decider: locationDefaultsDecider,
        command: { type: 'DeleteImage', companyId, imageId: req.params.mediaId },
        metadata: eventMetadata(req, companyId, deps.clock),
        newId: () => deps.ids.uuid(),
      });
      return { body: { Success: true as const, ResponseMessage: m.imageDeleted }, position: result.position };
    }),
    implement(uploadImageRoute, async (req) => {
      const companyId = callerCompanyId(req, locationNotFound);
      const file = req.files.find((f) => f.field === 'File') ?? req.files[0];
      const image = await storeUploadedImage(media, companyId, file, 'File');
      return { body: { Success: true as const, ResponseMessage: uploadMessages.uploaded, Data: image } };
    }),
    implement(uploadImagesRoute, async (req) => {
      const companyId = callerCompanyId(req, locationNotFound);
      if (!req.files.length) throw fail(uploadErrors.missing, [{ field: 'files', message: uploadMessages.missing }]);
      // Every file is checked before any is stored: one bad file refuses the batch.
      for (const f of req.files) {
        if (f.size > UPLOAD_IMAGE_MAX_BYTES) throw fail(uploadErrors.tooLarge, [{ field: 'files', message: `${f.originalName}: ${uploadMessages.tooLarge}` }]);
        if (!(await sniffImage(f.path))) throw fail(uploadErrors.notImage, [{ field: 'files', message: `${f.originalName}: ${uploadMessages.notImage}` }]);
      }
      const images = [];
      for (const f of req.files) images.push(await storeUploadedImage(media, companyId, f, 'files'));
      return { body: { Success: true as const, ResponseMessage: uploadMessages.uploaded, Data: images } };
    }),
  ];
}
