import { limitProblem, type GoogleLimit } from '@locus/contracts';
import { overGoogleLimit } from './errors';
import { createGoogleHttp, type GoogleHttp, type GoogleHttpOptions, type GoogleRequest } from './http';
import type { GoogleTokens } from './oauth';
import type { LocationWriteQueue } from './write-queue';
import {
  LOCATION_READ_MASK,
  type DailyMetric,
  type DailyMetricSeries,
  type GoogleAccount,
  type GoogleAttribute,
  type GoogleAttributeMetadata,
  type GoogleAttributes,
  type GoogleCategory,
  type GoogleDate,
  type GoogleLocation,
  type GoogleUpdatedLocation,
  type GoogleQuestionItem,
  type GoogleReview,
  type GoogleVoiceOfMerchantState,
  type LocalPost,
  type MediaCategory,
  type MediaItem,
  type Page,
  type ReviewReply,
  type SearchKeywordCount,
} from './types';

export interface GoogleBusinessClientOptions extends GoogleHttpOptions {
  /** Shared across clients so that every writer to a location respects the same budget. */
  writeQueue?: LocationWriteQueue;
}

export interface PageRequest {
  pageSize?: number;
  pageToken?: string;
}

export interface ListLocationsRequest extends PageRequest {
  readMask?: string;
  orderBy?: string;
  filter?: string;
}

export interface DateRange {
  startDate: GoogleDate;
  endDate: GoogleDate;
}

export interface GoogleBusinessClient {
  tokens(): GoogleTokens;

  listAccounts(req?: PageRequest & { filter?: string }): Promise<Page<GoogleAccount>>;
  allAccounts(req?: { filter?: string }): AsyncIterable<GoogleAccount>;
  getAccount(accountName: string): Promise<GoogleAccount>;

  listLocations(accountName: string, req?: ListLocationsRequest): Promise<Page<GoogleLocation> & { totalSize?: number }>;
  allLocations(accountName: string, req?: Omit<ListLocationsRequest, 'pageToken'>): AsyncIterable<GoogleLocation>;
  getLocation(locationName: string, readMask?: string): Promise<GoogleLocation>;
  /** The location as Google shows it, with the fields Google changed (`diffMask`) and the merchant's edits not yet live (`pendingMask`). */
  getGoogleUpdated(locationName: string, readMask?: string): Promise<GoogleUpdatedLocation>;
  /** `requestId` makes retries safe: Google returns the first location created with it. */
  createLocation(accountName: string, location: GoogleLocation, opts: { requestId: string; validateOnly?: boolean }): Promise<GoogleLocation>;
  updateLocation(locationName: string, location: GoogleLocation, updateMask: string[], opts?: { validateOnly?: boolean }): Promise<GoogleLocation>;
  deleteLocation(locationName: string): Promise<void>;

  listCategories(req?: PageRequest & { filter?: string; regionCode?: string; languageCode?: string; view?: 'BASIC' | 'FULL' }): Promise<Page<GoogleCategory>>;
  allCategories(req?: { filter?: string; regionCode?: string; languageCode?: string }): AsyncIterable<GoogleCategory>;
  batchGetCategories(names: string[], languageCode?: string): Promise<GoogleCategory[]>;

  listAttributeMetadata(req: {
    parent?: string;
    categoryName?: string;
    regionCode?: string;
    languageCode?: string;
    showAll?: boolean;
  }): Promise<GoogleAttributeMetadata[]>;
  getAttributes(locationName: string): Promise<GoogleAttributes>;
  /** Sets the listed attributes; names in `attributeMask` but absent from `attributes` are removed. */
  updateAttributes(locationName: string, attributes: GoogleAttribute[], attributeMask: string[]): Promise<GoogleAttributes>;

  listReviews(
    v4LocationName: string,
    req?: PageRequest & { orderBy?: 'updateTime desc' | 'rating' | 'rating desc' },
  ): Promise<Page<GoogleReview> & { averageRating?: number; totalReviewCount?: number }>;
  allReviews(v4LocationName: string, req?: { orderBy?: 'updateTime desc' | 'rating' | 'rating desc'; pageSize?: number }): AsyncIterable<GoogleReview>;
  getReview(reviewName: string): Promise<GoogleReview>;
  replyToReview(reviewName: string, comment: string): Promise<ReviewReply>;
  deleteReviewReply(reviewName: string): Promise<void>;
  /** Notifications API v1: the account's Pub/Sub topic and the notification types sent to it (both in the updateMask). */
  updateNotificationSetting(
    accountName: string,
    setting: { pubsubTopic: string; notificationTypes: string[] },
  ): Promise<{ name: string; pubsubTopic?: string; notificationTypes?: string[] }>;

  listLocalPosts(v4LocationName: string, req?: PageRequest): Promise<Page<LocalPost>>;
  allLocalPosts(v4LocationName: string): AsyncIterable<LocalPost>;
  /** One post as Google holds it now (by its name, `accounts/{a}/locations/{l}/localPosts/{p}`): its state changes when Google decides on a post it reviews. */
  getLocalPost(postName: string): Promise<LocalPost>;
  createLocalPost(v4LocationName: string, post: LocalPost): Promise<LocalPost>;
  deleteLocalPost(postName: string): Promise<void>;

  listMedia(v4LocationName: string, req?: PageRequest): Promise<Page<MediaItem> & { totalMediaItemCount?: number }>;
  allMedia(v4LocationName: string): AsyncIterable<MediaItem>;
  createMedia(
    v4LocationName: string,
    media: { sourceUrl: string; mediaFormat?: 'PHOTO' | 'VIDEO'; category: MediaCategory; description?: string },
  ): Promise<MediaItem>;
  /** Google's upload flow: media:startUpload, the bytes to the upload endpoint, then media.create with dataRef. */
  uploadMedia(v4LocationName: string, media: { bytes: Uint8Array; contentType: string; category: MediaCategory }): Promise<MediaItem>;
  deleteMedia(mediaName: string): Promise<void>;

  /** Questions with their top answers; none when the Q&A API is not configured (it was shut down on 2025-11-03). */
  allQuestions(locationName: string): AsyncIterable<GoogleQuestionItem>;

  fetchDailyMetrics(locationName: string, metrics: DailyMetric[], range: DateRange): Promise<DailyMetricSeries[]>;
  /** Verifications API: whether the location's edits go live, and what Google asks before they do. */
  getVoiceOfMerchantState(locationName: string): Promise<GoogleVoiceOfMerchantState>;
  listSearchKeywordImpressions(
    locationName: string,
    range: { startMonth: { year: number; month: number }; endMonth: { year: number; month: number } },
    req?: PageRequest,
  ): Promise<Page<SearchKeywordCount>>;
}

/** `accounts/1/locations/2` from an account name and a v1 `locations/2` name (v4 paths still carry the account). */
export function v4LocationName(accountName: string, locationName: string): string {
  return `${accountName}/${locationName.replace(/^.*?(locations\/[^/]+)$/, '$1')}`;
}

/** `locations/2` from a v4 name `accounts/1/locations/2` (or unchanged). */
export function v1LocationName(name: string): string {
  return name.replace(/^accounts\/[^/]+\//, '');
}

/** The location a review belongs to (`accounts/1/locations/2/reviews/3` → `accounts/1/locations/2`): replies share its write queue. */
const locationOfReview = (reviewName: string) => reviewName.replace(/\/reviews\/[^/]+$/, '');

const query = (req: PageRequest | undefined) => ({ pageSize: req?.pageSize, pageToken: req?.pageToken });

async function* paginate<T>(fetchPage: (pageToken: string | undefined) => Promise<Page<T>>): AsyncIterable<T> {
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    yield* page.items;
    token = page.nextPageToken;
  } while (token);
}

const page = <T>(items: T[] | undefined, nextPageToken: string | undefined): Page<T> => ({ items: items ?? [], ...(nextPageToken ? { nextPageToken } : {}) });

export function createGoogleBusinessClient(options: GoogleBusinessClientOptions): GoogleBusinessClient {
  const http: GoogleHttp = createGoogleHttp(options);
  const cfg = options.config;
  const queue = options.writeQueue;
  const send = <T>(req: GoogleRequest) => http.request<T>(req);
  const call = <T>(req: GoogleRequest) => (queue ? queue.read(() => send<T>(req)) : send<T>(req));
  const write = <T>(locationName: string, req: GoogleRequest) => (queue ? queue.run(v1LocationName(locationName), () => send<T>(req)) : send<T>(req));
  /** A write over one of Google's limits is refused here, before it takes a turn in the queue or reaches Google. */
  const checked = <T>(operation: string, checks: [GoogleLimit, string, string | undefined][], send: () => Promise<T>): Promise<T> => {
    for (const [limit, field, value] of checks) {
      const problem = value === undefined ? null : limitProblem(limit, value);
      if (problem) return Promise.reject(overGoogleLimit(operation, field, problem));
    }
    return send();
  };

  const client: GoogleBusinessClient = {
    tokens: () => http.tokens(),

    async listAccounts(req) {
      const r = await call<{ accounts?: GoogleAccount[]; nextPageToken?: string }>({
        method: 'GET',
        url: `${cfg.accountManagementUrl}/accounts`,
        query: { ...query(req), filter: req?.filter },
        subject: 'the account list',
        operation: 'accounts.list',
        idempotent: true,
      });
      return page(r.accounts, r.nextPageToken);
    },
    allAccounts: (req) =>
      paginate((pageToken) => client.listAccounts({ pageSize: 20, ...(req?.filter ? { filter: req.filter } : {}), ...(pageToken ? { pageToken } : {}) })),
    getAccount: (accountName) =>
      call({
        method: 'GET',
        url: `${cfg.accountManagementUrl}/${accountName}`,
        subject: `the account ${accountName}`,
        operation: 'accounts.get',
        idempotent: true,
      }),

    async listLocations(accountName, req) {
      const r = await call<{ locations?: GoogleLocation[]; nextPageToken?: string; totalSize?: number }>({
        method: 'GET',
        url: `${cfg.businessInformationUrl}/${accountName}/locations`,
        query: { ...query(req), readMask: req?.readMask ?? LOCATION_READ_MASK, orderBy: req?.orderBy, filter: req?.filter },
        subject: `the locations of ${accountName}`,
        operation: 'locations.list',
        idempotent: true,
      });
      return { ...page(r.locations, r.nextPageToken), ...(r.totalSize !== undefined ? { totalSize: r.totalSize } : {}) };
    },
    allLocations: (accountName, req) =>
      paginate((pageToken) => client.listLocations(accountName, { pageSize: 100, ...req, ...(pageToken ? { pageToken } : {}) })),
    getLocation: (locationName, readMask) =>
      call({
        method: 'GET',
        url: `${cfg.businessInformationUrl}/${v1LocationName(locationName)}`,
        query: { readMask: readMask ?? LOCATION_READ_MASK },
        subject: 'the location',
        operation: 'locations.get',
        idempotent: true,
      }),
    getGoogleUpdated: (locationName, readMask) =>
      call({
        method: 'GET',
        url: `${cfg.businessInformationUrl}/${v1LocationName(locationName)}:getGoogleUpdated`,
        query: { readMask: readMask ?? LOCATION_READ_MASK },
        subject: 'the location',
        operation: 'locations.getGoogleUpdated',
        idempotent: true,
      }),
    createLocation: (accountName, location, opts) =>
      checked('locations.create', [['description', 'profile.description', location.profile?.description]], () =>
        call<GoogleLocation>({
          method: 'POST',
          url: `${cfg.businessInformationUrl}/${accountName}/locations`,
          query: { requestId: opts.requestId, validateOnly: opts.validateOnly ? true : undefined },
          body: location,
          subject: 'the location',
          operation: 'locations.create',
          idempotent: true,
        }),
      ),
    updateLocation: (locationName, location, updateMask, opts) =>
      checked(
        'locations.patch',
        [
          [
            'description',
            'profile.description',
            updateMask.some((m) => m === 'profile' || m === 'profile.description') ? location.profile?.description : undefined,
          ],
        ],
        () =>
          write<GoogleLocation>(locationName, {
            method: 'PATCH',
            url: `${cfg.businessInformationUrl}/${v1LocationName(locationName)}`,
            query: { updateMask: updateMask.join(','), validateOnly: opts?.validateOnly ? true : undefined },
            body: location,
            subject: 'the location',
            operation: 'locations.patch',
            idempotent: true,
          }),
      ),
    async deleteLocation(locationName) {
      await write(locationName, {
        method: 'DELETE',
        url: `${cfg.businessInformationUrl}/${v1LocationName(locationName)}`,
        subject: 'the location',
        operation: 'locations.delete',
        idempotent: true,
      });
    },

    async listCategories(req) {
      const r = await call<{ categories?: GoogleCategory[]; nextPageToken?: string }>({
        method: 'GET',
        url: `${cfg.businessInformationUrl}/categories`,
        query: { regionCode: req?.regionCode ?? 'US', languageCode: req?.languageCode ?? 'en', view: req?.view ?? 'BASIC', filter: req?.filter, ...query(req) },
        subject: 'the category list',
        operation: 'categories.list',
        idempotent: true,
      });
      return page(r.categories, r.nextPageToken);
    },
    allCategories: (req) => paginate((pageToken) => client.listCategories({ pageSize: 100, ...req, ...(pageToken ? { pageToken } : {}) })),
    async batchGetCategories(names, languageCode = 'en') {
      const r = await call<{ categories?: GoogleCategory[] }>({
        method: 'GET',
        url: `${cfg.businessInformationUrl}/categories:batchGet`,
        query: { names, languageCode, regionCode: 'US', view: 'BASIC' },
        subject: 'the categories',
        operation: 'categories.batchGet',
        idempotent: true,
      });
      return r.categories ?? [];
    },

    async listAttributeMetadata(req) {
      const out: GoogleAttributeMetadata[] = [];
      let pageToken: string | undefined;
      do {
        const r = await call<{ attributeMetadata?: GoogleAttributeMetadata[]; nextPageToken?: string }>({
          method: 'GET',
          url: `${cfg.businessInformationUrl}/attributes`,
          query: {
            parent: req.parent ? v1LocationName(req.parent) : undefined,
            categoryName: req.categoryName,
            regionCode: req.regionCode ?? 'US',
            languageCode: req.languageCode ?? 'en',
            showAll: req.showAll ? true : undefined,
            pageToken,
          },
          subject: 'the attribute list',
          operation: 'attributes.list',
          idempotent: true,
        });
        out.push(...(r.attributeMetadata ?? []));
        pageToken = r.nextPageToken;
      } while (pageToken);
      return out;
    },
    getAttributes: (locationName) =>
      call({
        method: 'GET',
        url: `${cfg.businessInformationUrl}/${v1LocationName(locationName)}/attributes`,
        subject: 'the location attributes',
        operation: 'locations.getAttributes',
        idempotent: true,
      }),
    updateAttributes: (locationName, attributes, attributeMask) =>
      write(locationName, {
        method: 'PATCH',
        url: `${cfg.businessInformationUrl}/${v1LocationName(locationName)}/attributes`,
        query: { attributeMask: attributeMask.map((m) => (m.startsWith('attributes/') ? m : `attributes/${m}`)).join(',') },
        body: { name: `${v1LocationName(locationName)}/attributes`, attributes },
        subject: 'the location attributes',
        operation: 'locations.updateAttributes',
        idempotent: true,
      }),

    async listReviews(v4Name, req) {
      const r = await call<{ reviews?: GoogleReview[]; nextPageToken?: string; averageRating?: number; totalReviewCount?: number }>({
        method: 'GET',
        url: `${cfg.v4Url}/${v4Name}/reviews`,
        query: { ...query(req), orderBy: req?.orderBy },
        subject: 'the reviews',
        operation: 'reviews.list',
        idempotent: true,
      });
      return {
        ...page(r.reviews, r.nextPageToken),
        ...(r.averageRating !== undefined ? { averageRating: r.averageRating } : {}),
        ...(r.totalReviewCount !== undefined ? { totalReviewCount: r.totalReviewCount } : {}),
      };
    },
    allReviews: (v4Name, req) =>
      paginate((pageToken) =>
        client.listReviews(v4Name, { pageSize: req?.pageSize ?? 50, ...(req?.orderBy ? { orderBy: req.orderBy } : {}), ...(pageToken ? { pageToken } : {}) }),
      ),
    getReview: (reviewName) => call({ method: 'GET', url: `${cfg.v4Url}/${reviewName}`, subject: 'the review', operation: 'reviews.get', idempotent: true }),
    replyToReview: (reviewName, comment) =>
      checked('reviews.updateReply', [['reviewReply', 'comment', comment]], () =>
        write<ReviewReply>(locationOfReview(reviewName), {
          method: 'PUT',
          url: `${cfg.v4Url}/${reviewName}/reply`,
          body: { comment },
          subject: 'the review reply',
          operation: 'reviews.updateReply',
          idempotent: true,
        }),
      ),
    updateNotificationSetting: (accountName, setting) =>
      call({
        method: 'PATCH',
        url: `${cfg.notificationsUrl}/${accountName}/notificationSetting`,
        query: { updateMask: 'pubsubTopic,notificationTypes' },
        body: { name: `${accountName}/notificationSetting`, ...setting },
        subject: 'the notification setting',
        operation: 'notifications.update',
        idempotent: true,
      }),
    async deleteReviewReply(reviewName) {
      await write(locationOfReview(reviewName), {
        method: 'DELETE',
        url: `${cfg.v4Url}/${reviewName}/reply`,
        subject: 'the review reply',
        operation: 'reviews.deleteReply',
        idempotent: true,
      });
    },

    async listLocalPosts(v4Name, req) {
      const r = await call<{ localPosts?: LocalPost[]; nextPageToken?: string }>({
        method: 'GET',
        url: `${cfg.v4Url}/${v4Name}/localPosts`,
        query: query(req),
        subject: 'the posts',
        operation: 'localPosts.list',
        idempotent: true,
      });
      return page(r.localPosts, r.nextPageToken);
    },
    allLocalPosts: (v4Name) => paginate((pageToken) => client.listLocalPosts(v4Name, { pageSize: 100, ...(pageToken ? { pageToken } : {}) })),
    getLocalPost: (postName) =>
      call<LocalPost>({ method: 'GET', url: `${cfg.v4Url}/${postName}`, subject: 'the post', operation: 'localPosts.get', idempotent: true }),
    // Not retried on 5xx: Google has no request id for posts, so a retry could publish twice.
    // A post is an edit of the profile: it takes a turn in the location's write queue.
    createLocalPost: (v4Name, post) =>
      checked('localPosts.create', [['postSummary', 'summary', post.summary]], () =>
        write<LocalPost>(v4Name, {
          method: 'POST',
          url: `${cfg.v4Url}/${v4Name}/localPosts`,
          body: post,
          subject: 'the post',
          operation: 'localPosts.create',
          idempotent: false,
        }),
      ),
    async deleteLocalPost(postName) {
      await write(postName.replace(/\/localPosts\/[^/]+$/, ''), {
        method: 'DELETE',
        url: `${cfg.v4Url}/${postName}`,
        subject: 'the post',
        operation: 'localPosts.delete',
        idempotent: true,
      });
    },

    async listMedia(v4Name, req) {
      const r = await call<{ mediaItems?: MediaItem[]; nextPageToken?: string; totalMediaItemCount?: number }>({
        method: 'GET',
        url: `${cfg.v4Url}/${v4Name}/media`,
        query: query(req),
        subject: 'the photos',
        operation: 'media.list',
        idempotent: true,
      });
      return { ...page(r.mediaItems, r.nextPageToken), ...(r.totalMediaItemCount !== undefined ? { totalMediaItemCount: r.totalMediaItemCount } : {}) };
    },
    allMedia: (v4Name) => paginate((pageToken) => client.listMedia(v4Name, { pageSize: 100, ...(pageToken ? { pageToken } : {}) })),
    createMedia: (v4Name, media) =>
      write(v4Name, {
        method: 'POST',
        url: `${cfg.v4Url}/${v4Name}/media`,
        body: {
          mediaFormat: media.mediaFormat ?? 'PHOTO',
          locationAssociation: { category: media.category },
          sourceUrl: media.sourceUrl,
          ...(media.description ? { description: media.description } : {}),
        },
        subject: 'the photo',
        operation: 'media.create',
        idempotent: false,
      }),
    async uploadMedia(v4Name, media) {
      const started = await call<{ resourceName: string }>({
        method: 'POST',
        url: `${cfg.v4Url}/${v4Name}/media:startUpload`,
        body: {},
        subject: 'the photo',
        operation: 'media.startUpload',
        idempotent: false,
      });
      await call({
        method: 'POST',
        url: `${cfg.uploadUrl}/${started.resourceName}`,
        query: { upload_type: 'media' },
        bytes: { data: media.bytes, contentType: media.contentType },
        subject: 'the photo',
        operation: 'media.upload',
        idempotent: true,
      });
      return write<MediaItem>(v4Name, {
        method: 'POST',
        url: `${cfg.v4Url}/${v4Name}/media`,
        body: { mediaFormat: 'PHOTO', locationAssociation: { category: media.category }, dataRef: { resourceName: started.resourceName } },
        subject: 'the photo',
        operation: 'media.create',
        idempotent: false,
      });
    },
    async deleteMedia(mediaName) {
      await write(mediaName.replace(/\/media\/[^/]+$/, ''), {
        method: 'DELETE',
        url: `${cfg.v4Url}/${mediaName}`,
        subject: 'the photo',
        operation: 'media.delete',
        idempotent: true,
      });
    },

    async *allQuestions(locationName) {
      if (!cfg.qandaUrl) return;
      let pageToken: string | undefined;
      do {
        const r: { questions?: GoogleQuestionItem[]; nextPageToken?: string } = await call({
          method: 'GET',
          url: `${cfg.qandaUrl}/${v1LocationName(locationName)}/questions`,
          query: { pageSize: 10, answersPerQuestion: 10, orderBy: 'updateTime desc', pageToken },
          subject: 'the questions',
          operation: 'questions.list',
          idempotent: true,
        });
        yield* r.questions ?? [];
        pageToken = r.nextPageToken;
      } while (pageToken);
    },

    getVoiceOfMerchantState: (locationName) =>
      call<GoogleVoiceOfMerchantState>({
        method: 'GET',
        url: `${cfg.verificationsUrl}/${v1LocationName(locationName)}/VoiceOfMerchantState`,
        subject: 'the verification state',
        operation: 'verifications.getVoiceOfMerchantState',
        idempotent: true,
      }),

    async fetchDailyMetrics(locationName, metrics, range) {
      const r = await call<{
        multiDailyMetricTimeSeries?: {
          dailyMetricTimeSeries?: { dailyMetric: DailyMetric; timeSeries?: { datedValues?: DailyMetricSeries['datedValues'] } }[];
        }[];
      }>({
        method: 'GET',
        url: `${cfg.performanceUrl}/${v1LocationName(locationName)}:fetchMultiDailyMetricsTimeSeries`,
        query: {
          dailyMetrics: metrics,
          'dailyRange.startDate.year': range.startDate.year,
          'dailyRange.startDate.month': range.startDate.month,
          'dailyRange.startDate.day': range.startDate.day,
          'dailyRange.endDate.year': range.endDate.year,
          'dailyRange.endDate.month': range.endDate.month,
          'dailyRange.endDate.day': range.endDate.day,
        },
        subject: 'the performance metrics',
        operation: 'performance.fetchMultiDailyMetricsTimeSeries',
        idempotent: true,
      });
      return (r.multiDailyMetricTimeSeries ?? [])
        .flatMap((m) => m.dailyMetricTimeSeries ?? [])
        .map((s) => ({ dailyMetric: s.dailyMetric, datedValues: s.timeSeries?.datedValues ?? [] }));
    },
    async listSearchKeywordImpressions(locationName, range, req) {
      const r = await call<{ searchKeywordsCounts?: SearchKeywordCount[]; nextPageToken?: string }>({
        method: 'GET',
        url: `${cfg.performanceUrl}/${v1LocationName(locationName)}/searchkeywords/impressions/monthly`,
        query: {
          'monthlyRange.startMonth.year': range.startMonth.year,
          'monthlyRange.startMonth.month': range.startMonth.month,
          'monthlyRange.endMonth.year': range.endMonth.year,
          'monthlyRange.endMonth.month': range.endMonth.month,
          ...query(req),
        },
        subject: 'the search keywords',
        operation: 'performance.searchKeywords',
        idempotent: true,
      });
      return page(r.searchKeywordsCounts, r.nextPageToken);
    },
  };
  return client;
}
