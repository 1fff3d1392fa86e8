import { locationStream, templateMessages, templatePostStream, type LocationEvent, type TemplateEvent, type TemplateEventOf } from '@locus/contracts';
import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { v4LocationName } from '../google/client';
import type { LocalPost } from '../google/types';
import { loadStream } from '../kit';
import { evolveLocation, initialLocationState, type LocationState, recordFailure } from '../locations/public';
import { findTemplateLocalPost, googleLocalPost } from './google-post';
import { createPublishPace, type PublishPace } from './publish-pace';
import { evolveTemplatePost, type TemplatePostState } from './template-post';

const MAX_ATTEMPTS = 5;
/**
 * Posts in the making at once. The pace (and the Google write queue behind it) sets the rate,
 * the quota's: at 300 a minute one post may start every 200 ms. This only has to cover a post's
 * round trip (stream loads, Google, two appends) so the rate never waits on it: 24 in flight
 * keep the quota's rate up to a 4.8 s round trip.
 */
const POSTS_IN_FLIGHT = 24;
/** Appends of the fan-out in flight at once (they share group commits). */
const FAN_OUT_CHUNK = 50;

/** One pace per process and quota: every template publish of a Google connection shares it. */
const sharedPaces = new Map<number, PublishPace>();
const sharedPace = (perMinute: number) => {
  let pace = sharedPaces.get(perMinute);
  if (!pace) sharedPaces.set(perMinute, (pace = createPublishPace({ perWindow: perMinute })));
  return pace;
};

export interface TemplatesReactorOptions {
  google?: GoogleAccess;
  pace?: PublishPace;
}

/**
 * Publishing a template: the publish request fans out into one `TemplatePostRequested` per
 * location (each on its own stream, with ids derived from the request, so a replay adds
 * nothing); each of those becomes one Google post, paced within the connection's quota.
 * Before the call the post's stream records `TemplatePostStarted`; a restart that finds it
 * without an outcome looks for the post on Google first, so a crash never posts twice.
 */
export function templatesReactors(deps: CommandDeps, options: TemplatesReactorOptions = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  const pace = options.pace ?? sharedPace(deps.config.google.queriesPerMinute ?? 300);
  const now = () => deps.clock.now().toISOString();

  const fanOut: ReactorDefinition<TemplateEventOf<'PostTemplatePublishRequested'>> = {
    name: 'templates.fan-out',
    handles: ['PostTemplatePublishRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { templateId, companyId, publishId, post, locationIds } = event.data;
      for (let i = 0; i < locationIds.length; i += FAN_OUT_CHUNK) {
        await Promise.all(
          locationIds
            .slice(i, i + FAN_OUT_CHUNK)
            .map((locationId) =>
              ctx.append(
                templatePostStream(templateId, locationId),
                [{ type: 'TemplatePostRequested', data: { templateId, companyId, publishId, locationId, post } }],
                { key: locationId },
              ),
            ),
        );
      }
    },
  };

  const postToGoogle: ReactorDefinition<TemplateEventOf<'TemplatePostRequested' | 'TemplatePostRetryRequested'>> = {
    name: 'templates.post-to-google',
    handles: ['TemplatePostRequested', 'TemplatePostRetryRequested'],
    maxAttempts: MAX_ATTEMPTS,
    concurrency: POSTS_IN_FLIGHT,
    async handle(event, ctx) {
      const { templateId, locationId, companyId } = event.data;
      const stream = templatePostStream(templateId, locationId);
      const { state, revision, events } = await loadStream<TemplatePostState, TemplateEvent>(deps.eventStore, stream, {
        evolve: evolveTemplatePost,
        initialState: () => ({ status: 'none' }),
      });
      if (state.status !== 'requested' && state.status !== 'started') return;
      // The outcomes go to this stream: the runtime appends them at what was just read.
      ctx.seen?.(stream, { revision, events });
      const location = await loadLocation(locationId);
      const locationName = location.status === 'active' ? location.profile.Title : '';
      const failed = (code: string, message: string) =>
        ctx.append(stream, [{ type: 'TemplatePostFailed', data: { templateId, companyId, locationId, locationName, code, message, failedAt: now() } }], {
          key: 'outcome',
        });
      const created = (post: LocalPost, recovered: boolean) =>
        post.state === 'REJECTED'
          ? ctx.append(
              stream,
              [
                {
                  type: 'TemplatePostRejected',
                  data: {
                    templateId,
                    companyId,
                    locationId,
                    locationName,
                    googlePostName: post.name ?? '',
                    summary: post.summary ?? '',
                    reason: templateMessages.postRejected,
                    rejectedAt: now(),
                  },
                },
              ],
              { key: 'outcome' },
            )
          : ctx.append(
              stream,
              [
                {
                  type: 'TemplatePostCreated',
                  data: {
                    templateId,
                    companyId,
                    locationId,
                    locationName,
                    googlePostName: post.name ?? '',
                    searchUrl: post.searchUrl ?? null,
                    summary: post.summary ?? '',
                    createdAt: post.createTime ?? now(),
                    recovered,
                    state: post.state === 'PROCESSING' ? 'PROCESSING' : 'LIVE',
                  },
                },
              ],
              { key: 'outcome' },
            );

      if (location.status !== 'active' || location.companyId !== companyId) return failed('TEMPLATE.LOCATION_NOT_FOUND', 'The location was not found.');
      if (!location.googleName) return failed('TEMPLATE.LOCATION_NOT_ON_GOOGLE', 'The location is not published on Google yet.');
      const localPost = googleLocalPost(state.post, location.profile, deps.config.publicUrl);
      const v4Name = v4LocationName(location.accountName, location.googleName);
      try {
        const { client } = await google.connection(location.connectionId);
        if (state.status === 'started' && state.startedAt) {
          await pace.turn(location.connectionId);
          const found = await findTemplateLocalPost(client, v4Name, localPost, state.startedAt);
          if (found) return created(found, true);
        }
        await ctx.append(stream, [{ type: 'TemplatePostStarted', data: { templateId, locationId, attemptId: event.id, startedAt: now() } }], {
          key: 'started',
        });
        await pace.turn(location.connectionId);
        await created(await client.createLocalPost(v4Name, localPost), false);
      } catch (err) {
        await recordFailure(err, ctx, failed, 'TEMPLATE.GOOGLE_ERROR');
      }
    },
  };

  async function loadLocation(locationId: string): Promise<LocationState> {
    const { state } = await loadStream<LocationState, LocationEvent>(deps.eventStore, locationStream(locationId), {
      evolve: evolveLocation,
      initialState: initialLocationState,
    });
    return state;
  }

  return [fanOut, postToGoogle];
}
