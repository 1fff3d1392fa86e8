import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { CreateMediaBodySchema, CreatePostBodySchema, MediaUploadFieldsSchema, MediaViewSchema, PostViewSchema, QuestionViewSchema } from './dto';

const idParam = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);
const LocationIdParams = z.object({ id: idParam('id') });
const MessageAnswer = z.object({ Success: z.literal(true), ResponseMessage: z.string() });
/** Everyone who opens a location's details reads and edits its sections (as the details page's other edits). */
const MEMBERS = ['CompanyAdmin', 'CompanyUser'] as const;

/** Posts section: the masonry list, newest first (spec part 2 §2 Posts, §7). */
export const listPostsRoute = defineRoute({
  name: 'locationContent.posts',
  method: 'GET',
  path: '/api/gmb/:id/posts',
  kind: 'query',
  roles: MEMBERS,
  summary: "A location's posts, newest first",
  description: 'Posts section: the masonry list, newest first.',
  request: { params: LocationIdParams },
  response: z.object({
    Success: z.literal(true),
    IsUnauthorized: z.boolean(),
    Data: z.object({ Posts: z.array(PostViewSchema), Count: z.number(), RefreshedAt: z.string().nullable() }),
  }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

/** Create Post: one local post through Google's localPosts API (waits for Google's answer; 202 while it has not come). */
export const createPostRoute = defineRoute({
  name: 'locationContent.createPost',
  method: 'POST',
  path: '/api/gmb/:id/posts',
  kind: 'command',
  roles: MEMBERS,
  summary: 'Create a post on Google for a location',
  description: "Create Post: one local post through Google's localPosts API (waits for Google's answer; 202 while it has not come).",
  request: { params: LocationIdParams, body: CreatePostBodySchema },
  /** `State`: Google's answer (LIVE, PROCESSING in its review, REJECTED), or PENDING while Google has not answered; the message says that one thing. */
  response: z.object({
    Success: z.literal(true),
    ResponseMessage: z.string(),
    Data: z.object({ PostId: z.string(), State: z.enum(['PENDING', 'LIVE', 'PROCESSING', 'REJECTED']) }),
  }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
  answers: { pending: true },
});

export const deletePostRoute = defineRoute({
  name: 'locationContent.deletePost',
  method: 'DELETE',
  path: '/api/gmb/:id/posts/:postId',
  kind: 'command',
  roles: MEMBERS,
  summary: "Delete a location's post on Google",
  request: { params: LocationIdParams.extend({ postId: idParam('postId') }) },
  response: MessageAnswer,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
  answers: { pending: true },
});

/** Media section: the grid with its count. */
export const listMediaRoute = defineRoute({
  name: 'locationContent.media',
  method: 'GET',
  path: '/api/gmb/:id/media',
  kind: 'query',
  roles: MEMBERS,
  summary: "A location's photos and their count",
  description: 'Media section: the grid with its count.',
  request: { params: LocationIdParams },
  response: z.object({
    Success: z.literal(true),
    Data: z.object({ Media: z.array(MediaViewSchema), Count: z.number(), RefreshedAt: z.string().nullable() }),
  }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

/** Upload a photo (multipart `File`, images of at least 10 KB; `Category`, a COVER must be 16:9). */
export const uploadMediaRoute = defineRoute({
  name: 'locationContent.uploadMedia',
  method: 'POST',
  path: '/api/gmb/:id/media/upload',
  kind: 'command',
  roles: MEMBERS,
  summary: 'multipart/form-data: File (image, >= 10240 bytes), Category (default ADDITIONAL)',
  request: { params: LocationIdParams, multipart: true, body: MediaUploadFieldsSchema },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Url: z.string(), Data: z.object({ MediaId: z.string() }) }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
  answers: { pending: true },
});

/** Create from a URL as the location's COVER or LOGO. */
export const createMediaRoute = defineRoute({
  name: 'locationContent.createMedia',
  method: 'POST',
  path: '/api/gmb/:id/media',
  kind: 'command',
  roles: MEMBERS,
  summary: "Add a photo from a URL as the location's cover or logo",
  description: "Create from a URL as the location's COVER or LOGO.",
  request: { params: LocationIdParams, body: CreateMediaBodySchema },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.object({ MediaId: z.string() }) }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
  answers: { pending: true },
});

export const deleteMediaRoute = defineRoute({
  name: 'locationContent.deleteMedia',
  method: 'DELETE',
  path: '/api/gmb/:id/media/:mediaId',
  kind: 'command',
  roles: MEMBERS,
  summary: "Delete a location's photo on Google",
  request: { params: LocationIdParams.extend({ mediaId: idParam('mediaId') }) },
  response: MessageAnswer,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
  answers: { pending: true },
});

/** Image upload for posts and covers (spec: file upload with company id answers Success, Url, Error). */
export const uploadFileRoute = defineRoute({
  name: 'locationContent.uploadFile',
  method: 'POST',
  path: '/api/gmb/:companyId/upload-file',
  kind: 'command',
  roles: MEMBERS,
  summary: 'multipart/form-data: File (image, >= 10240 bytes); answers its public URL',
  request: { params: z.object({ companyId: idParam('companyId') }), multipart: true },
  response: z.object({ Success: z.literal(true), Url: z.string(), Error: z.null() }),
  tenantParams: ['companyId'],
});

/** Uploaded location images (public: Google and img tags fetch them without a token; names are random uuids). */
export const locationImageRoute = defineRoute({
  name: 'media.locationImage',
  method: 'GET',
  path: '/media/location-media/:fileName',
  kind: 'query',
  roles: ['Anonymous'],
  summary: 'An uploaded location image (public)',
  description: 'Uploaded location images (public: Google and img tags fetch them without a token; names are random uuids).',
  request: { params: z.object({ fileName: z.string().regex(/^[A-Za-z0-9-]{1,64}\.(png|jpg|gif|webp)$/, 'fileName is not a valid image name') }) },
  answers: { media: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
});

/** Questions & Answers: the questions imported before Google shut the API down (2025-11-03). */
export const listQuestionsRoute = defineRoute({
  name: 'locationContent.questions',
  method: 'GET',
  path: '/api/gmb/:id/questions',
  kind: 'query',
  roles: MEMBERS,
  summary: "A location's questions and answers imported from Google",
  description: 'Questions & Answers: the questions imported before Google shut the API down (2025-11-03).',
  request: { params: LocationIdParams },
  response: z.object({
    Success: z.literal(true),
    Data: z.object({ Questions: z.array(QuestionViewSchema), Count: z.number(), DiscontinuedOn: z.string() }),
  }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

/** Loads a published location's media, posts and questions (and what other features refresh) from Google. */
export const refreshContentRoute = defineRoute({
  name: 'locationContent.refresh',
  method: 'POST',
  path: '/api/gmb/:id/content/refresh',
  kind: 'command',
  roles: MEMBERS,
  summary: "Reload a location's media, posts and questions from Google",
  description: "Loads a published location's media, posts and questions (and what other features refresh) from Google.",
  request: { params: LocationIdParams },
  response: MessageAnswer,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'staff' },
});

export const locationContentRoutes = [
  listPostsRoute,
  createPostRoute,
  deletePostRoute,
  listMediaRoute,
  uploadMediaRoute,
  createMediaRoute,
  deleteMediaRoute,
  uploadFileRoute,
  locationImageRoute,
  listQuestionsRoute,
  refreshContentRoute,
];
