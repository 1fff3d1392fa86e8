import { AnchorButton, Button, Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate, formatDateTime } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useDeletePostMutation, useLocationPostsQuery, type PostView } from '../../api/content-api';
import { CALL_TO_ACTIONS, POST_TYPES, sectionTexts as t } from './constants';
import { CreatePostDialog } from './create-post-dialog';
import './sections.css';

const STATE_TAGS: Record<PostView['State'], { text: string; intent: 'none' | 'success' | 'danger' | 'warning' | 'primary' } | null> = {
  LIVE: null,
  PENDING: { text: t.pending, intent: 'primary' },
  PROCESSING: { text: t.inReview, intent: 'warning' },
  DELETING: { text: t.deleting, intent: 'warning' },
  REJECTED: { text: t.rejected, intent: 'danger' },
  FAILED: { text: t.failed, intent: 'danger' },
};

const scheduleText = (p: PostView) => {
  const s = p.Event?.Schedule;
  if (!s) return '';
  const time = (x: { Hours: number; Minutes: number } | null) => (x ? ` ${String(x.Hours).padStart(2, '0')}:${String(x.Minutes).padStart(2, '0')}` : '');
  return `${formatDate(`${s.StartDate}T00:00:00`)}${time(s.StartTime)} – ${formatDate(`${s.EndDate}T00:00:00`)}${time(s.EndTime)}`;
};

function PostCard({ post, onDelete }: { post: PostView; onDelete: (() => void) | null }) {
  const image = post.Media[0]?.GoogleUrl || post.Media[0]?.SourceUrl;
  const state = STATE_TAGS[post.State];
  const cta = post.CallToAction ? CALL_TO_ACTIONS.find((c) => c.value === post.CallToAction!.ActionType) : undefined;
  return (
    <Card className="locus-post-card" data-testid="post-card" data-state={post.State}>
      {image ? <img className="locus-post-card-image" src={image} alt="" loading="lazy" /> : null}
      <div className="locus-post-card-tags">
        <Tag minimal intent="primary">
          {POST_TYPES.find((p) => p.value === post.TopicType)?.label ?? post.TopicType}
        </Tag>
        {state ? (
          <Tag minimal intent={state.intent} data-testid="post-state">
            {state.text}
          </Tag>
        ) : null}
      </div>
      {post.Event ? <div className="locus-post-card-title">{post.Event.EventTitle}</div> : null}
      {post.Event ? <div className="locus-muted">{scheduleText(post)}</div> : null}
      {post.Summary ? <p className="locus-post-card-summary">{post.Summary}</p> : null}
      {post.Offer?.CouponCode ? <Tag icon="tag">{post.Offer.CouponCode}</Tag> : null}
      {cta && post.CallToAction?.ActionType !== 'ACTION_TYPE_UNSPECIFIED' ? <div className="locus-post-card-cta">{cta.label}</div> : null}
      {post.Error ? <div className="locus-media-error">{post.Error}</div> : null}
      <div className="locus-post-card-foot">
        <span className="locus-muted">{formatDateTime(post.CreateTime)}</span>
        {post.SearchUrl ? (
          <AnchorButton size="small" variant="minimal" icon="share" href={post.SearchUrl} target="_blank" rel="noreferrer" text={t.viewOnGoogle} />
        ) : null}
        {onDelete ? (
          <Button
            size="small"
            variant="minimal"
            intent="danger"
            icon="trash"
            text={t.deletePost}
            disabled={post.State === 'DELETING' || post.State === 'PENDING'}
            onClick={onDelete}
          />
        ) : null}
      </div>
    </Card>
  );
}

/** Posts: the masonry list with its count, Create Post, Delete Post (spec part 2 §2 Posts). */
export function PostsSection({ locationId, companyId, phone, editable }: { locationId: string; companyId: string; phone: string; editable: boolean }) {
  const { data, isLoading } = useLocationPostsQuery(locationId);
  const [remove] = useDeletePostMutation();
  const { confirm } = useConfirm();
  const [creating, setCreating] = useState(false);
  const posts = data?.Posts ?? [];

  const onDelete = async (post: PostView) => {
    if (!(await confirm(t.confirmDeletePost))) return;
    try {
      const res = await remove({ id: locationId, postId: post.PostId }).unwrap();
      toast.success(res.ResponseMessage);
    } catch (err) {
      toast.error(failureMessage(err, t.googleRefused));
    }
  };

  return (
    <Card className="locus-details-section" data-testid="posts-section">
      <div className="locus-section-head">
        <h3>
          {t.posts} <Tag round>{posts.length}</Tag>
        </h3>
        {editable ? <Button icon="add" intent="primary" text={t.createPost} onClick={() => setCreating(true)} /> : null}
      </div>
      {isLoading ? (
        <Spinner size={24} />
      ) : posts.length === 0 ? (
        <NonIdealState icon="document" title={t.noPosts} />
      ) : (
        <div className="locus-masonry">
          {posts.map((post) => (
            <PostCard key={post.PostId} post={post} onDelete={editable ? () => void onDelete(post) : null} />
          ))}
        </div>
      )}
      {creating ? <CreatePostDialog locationId={locationId} companyId={companyId} phone={phone} onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}
