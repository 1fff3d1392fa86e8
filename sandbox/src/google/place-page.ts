import { escapeHtml, htmlPage } from '../kit/html';
import type { RouteTable } from '../kit/routes';
import { getPath } from './api/common';
import type { GoogleStore } from './store';
import type { JsonObject } from './state';

const STAR = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

/** A small stand-in for the public Maps listing (target of mapsUri, newReviewUri and post searchUrl). */
export function registerPlacePages(routes: RouteTable, store: GoogleStore) {
  const find = (placeId: string) => Object.values(store.state.locations).find((l) => l.placeId === placeId);

  routes.add('GET', '/google/maps/place/{placeId}', (ctx, p) => {
    const loc = find(p.placeId!);
    ctx.type = 'html';
    if (!loc) {
      ctx.status = 404;
      ctx.body = htmlPage('Not found', '<main><div class="card">This place is not on the map (it may have been deleted).</div></main>');
      return;
    }
    const r = loc.resource;
    const addr = (r.storefrontAddress ?? {}) as JsonObject;
    const reviews = store.reviewsOf(loc);
    const avg = reviews.length ? reviews.reduce((s, x) => s + STAR[x.starRating], 0) / reviews.length : 0;
    const posts = store
      .postsOf(loc)
      .filter((x) => x.resource.state !== 'REJECTED')
      .slice(0, 10);
    const highlight = typeof ctx.query.post === 'string' ? ctx.query.post : undefined;
    const lines = Array.isArray(addr.addressLines) ? addr.addressLines.join(', ') : '';
    ctx.body = htmlPage(
      String(r.title ?? 'Place'),
      `<header><span class="brand">Maps (sandbox)</span></header><main>
<div class="card"><h1 style="margin-top:0">${escapeHtml(r.title)}</h1>
<p>${avg ? `${avg.toFixed(1)} ★ · ` : ''}${reviews.length} reviews · ${escapeHtml(getPath(r, 'categories.primaryCategory.displayName') ?? '')}</p>
<p>${escapeHtml(lines)}, ${escapeHtml(addr.locality)}, ${escapeHtml(addr.administrativeArea)} ${escapeHtml(addr.postalCode)}</p>
<p>${escapeHtml(getPath(r, 'phoneNumbers.primaryPhone') ?? '')} ${r.websiteUri ? `· <a href="${escapeHtml(r.websiteUri)}">Website</a>` : ''}</p>
<p class="muted">${escapeHtml(getPath(r, 'profile.description') ?? '')}</p></div>
<div class="card"><h2 style="margin-top:0">Updates</h2>${
        posts.length
          ? posts
              .map(
                (x) =>
                  `<div id="post-${escapeHtml(x.id)}" style="padding:8px 0;border-bottom:1px solid #eee${x.id === highlight ? ';background:#e8f0fe' : ''}"><div class="muted">${escapeHtml(String(x.resource.createTime ?? '').slice(0, 10))} · ${escapeHtml(x.resource.topicType)}</div><div>${escapeHtml(x.resource.summary ?? '')}</div></div>`,
              )
              .join('')
          : '<p class="muted">No updates yet.</p>'
      }</div></main>`,
    );
  });

  routes.add('GET', '/google/maps/place/{placeId}/review', (ctx, p) => {
    const loc = find(p.placeId!);
    ctx.type = 'html';
    ctx.status = loc ? 200 : 404;
    ctx.body = htmlPage(
      'Write a review',
      `<main><div class="card"><h1>Write a review</h1><p>${escapeHtml(loc?.resource.title ?? 'Unknown place')}</p><p class="muted">Customers would rate and review the business here. In the sandbox, add a review with <code>POST /google/__sandbox/locations/{id}/reviews</code>.</p></div></main>`,
    );
  });
}
