import { Button, Callout, Card, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { inFormTerms } from '@locus/contracts';
import { FeatureSlot, useHasFeatureSlot } from '@web/app/feature-slots';
import { formatDateTime } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { formatRating, RatingStars } from '../form/rating-stars';
import { useSignedInUser } from '@web/shared/session/session-context';
import { toast } from '@web/shared/ui/toaster';
import { useLocationDetailsQuery, useSyncLocationMutation } from '../api/details-api';
import { usePublishLocationMutation } from '../api/locations-api';
import { detailsTexts as t } from './constants';
import { canSeeUsersButton, thumbnailOf, todaysHours } from './details-rules';
import { BusinessAttributesDialog } from './business-attributes-dialog';
import { EditHoursDialog } from './edit-hours-dialog';
import { EditLocationDialog } from './edit-location-dialog';
import { LocationThumbnail } from './location-thumbnail';
import { MediaSection } from './sections/media-section';
import { PostsSection } from './sections/posts-section';
import { PublishersDialog } from './sections/publishers-dialog';
import { QuestionsSection } from './sections/questions-section';
import { useContentFirstLoad } from './sections/use-content-first-load';
import { GoogleChangesPanel } from '../google-changes/google-changes-panel';
import './details.css';

type OpenDialog = 'edit' | 'hours' | 'attributes' | 'users' | 'publishers' | null;

/** /{locationId}/location-details and /locations/{id}: header and buttons (spec part 2 §2 Location details). */
export default function LocationDetailsPage() {
  const params = useParams();
  const id = params.locationId ?? params.id ?? '';
  const navigate = useNavigate();
  const user = useSignedInUser();
  const { data: location, error, isLoading, refetch } = useLocationDetailsQuery(id, { skip: !id });
  const [sync, syncState] = useSyncLocationMutation();
  const [upload, uploadState] = usePublishLocationMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const usersAvailable = useHasFeatureSlot('locationUsersDialog');
  // An auditor only reads: the first load (a command) is left to those who act on the location.
  useContentFirstLoad(id, Boolean(location?.IsPublishedOnGMB) && location?.Access !== 'read');
  const reloadLocation = useCallback(() => void refetch(), [refetch]);

  if (isLoading) return <Spinner />;
  if (error || !location) {
    return (
      <NonIdealState
        icon="map-marker"
        title={t.notFoundTitle}
        description={failureMessage(error, t.notFound)}
        action={<Button icon="arrow-left" text={t.back} onClick={() => navigate('/locations')} />}
      />
    );
  }

  const run = async (action: () => Promise<{ ResponseMessage: string }>, success: string, pending: string) => {
    try {
      const res = await action();
      if (res.ResponseMessage === pending) toast.info(res.ResponseMessage);
      else toast.success(res.ResponseMessage || success);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const isCompanyAdmin = user.role === 'CompanyAdmin';
  /**
   * Only what the caller may do is offered (the server answers 403 to the rest): owners and admins
   * edit, sync and manage media and posts; a staff member and the auditor read (the staff member
   * replies to reviews); the auditor also reads the history.
   */
  const canEdit = location.Access === 'owner' || location.Access === 'admin';
  const canAudit = isCompanyAdmin || user.role === 'CompanyAuditor';
  const address = [
    location.StreetAddressLine1,
    location.StreetAddressLine2,
    [location.Town, [location.State, location.PostCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter((l) => l.trim() !== '');
  const categories = [location.PrimaryCategory, ...location.AdditionalCategories].filter((c): c is NonNullable<typeof c> => Boolean(c));

  return (
    <div className="locus-page locus-location-details">
      <div className="locus-details-topline">
        <Button icon="arrow-left" variant="minimal" aria-label={t.back} title={t.back} onClick={() => navigate('/locations')} />
        {location.IsPublishedOnGMB ? (
          <Tag minimal intent="success" icon="tick">
            {t.publishedTag}
          </Tag>
        ) : (
          <Tag minimal>{location.OpenStatus}</Tag>
        )}
      </div>
      <Card className="locus-details-header">
        <LocationThumbnail urls={[thumbnailOf(location), location.LocationProfileMedia]} title={location.Title} size={120} />
        <div className="locus-details-main">
          <h2 className="locus-details-title">{location.Title}</h2>
          <div className="locus-details-rating">
            <span className="locus-details-rating-value">{formatRating(location.TotalRating)}</span>
            <RatingStars rating={location.TotalRating} size={16} />
            <span className="locus-muted">{t.reviews(location.TotalRatingsCount)}</span>
          </div>
          <div className="locus-details-facts">
            {location.PrimaryPhoneNumber ? (
              <span>
                <Icon icon="phone" /> {location.PrimaryPhoneNumber}
              </span>
            ) : null}
            <span data-testid="todays-hours">
              <Icon icon="time" /> {t.todayHours}: {todaysHours(location.LocationBusinessHours, new Date(), t.closed)}
              {canEdit ? <Button size="small" variant="minimal" icon="edit" text={t.editHours} onClick={() => setDialog('hours')} /> : null}
            </span>
          </div>
          {address.length > 0 ? (
            <div className="locus-details-address">
              <Icon icon="map-marker" />
              <span>
                {address.map((l, i) => (
                  <span key={i} className="locus-details-address-line">
                    {l}
                  </span>
                ))}
              </span>
            </div>
          ) : null}
          <div>
            <Icon icon="globe" />{' '}
            {location.Website ? (
              <a href={location.Website} target="_blank" rel="noreferrer">
                {location.Website}
              </a>
            ) : (
              <span className="locus-muted">{t.noWebsite}</span>
            )}
          </div>
          <div className="locus-details-categories">
            {categories.map((c, i) => (
              <Tag key={c.Name} minimal round intent={i === 0 ? 'primary' : 'none'}>
                {c.DisplayName}
              </Tag>
            ))}
          </div>
        </div>
        <div className="locus-details-actions">
          <div className="locus-details-buttons">
            {!canEdit ? null : (
              <Button
                icon="refresh"
                text={t.sync}
                loading={syncState.isLoading}
                disabled={!location.IsPublishedOnGMB}
                title={location.IsPublishedOnGMB ? undefined : t.notPublished}
                onClick={() => void run(() => sync(location.Id).unwrap(), t.synchronized, t.syncPending)}
              />
            )}
            {isCompanyAdmin ? (
              <Button
                icon="cloud-upload"
                text={t.upload}
                intent="primary"
                loading={uploadState.isLoading}
                disabled={Boolean(location.LocationName)}
                title={location.LocationName ? t.alreadyPublished : undefined}
                onClick={() => void run(() => upload(location.Id).unwrap(), t.published, t.publishPending)}
              />
            ) : null}
            {canEdit ? <Button icon="edit" text={t.edit} onClick={() => setDialog('edit')} /> : null}
            {canEdit ? <Button icon="properties" text={t.attributes} onClick={() => setDialog('attributes')} /> : null}
            {canAudit ? (
              <Button icon="history" text={t.history} onClick={() => navigate(`/history?entityType=location&entityId=${encodeURIComponent(location.Id)}`)} />
            ) : null}
            {location.LocalezeListingId ? <Button icon="globe-network" text={t.publishers} onClick={() => setDialog('publishers')} /> : null}
            {usersAvailable && canSeeUsersButton(user, location) ? <Button icon="people" text={t.users} onClick={() => setDialog('users')} /> : null}
          </div>
          <div className="locus-muted" data-testid="last-synched">
            {location.LastSyncDate ? t.lastSynchedAt(formatDateTime(location.LastSyncDate)) : t.neverSynched}
          </div>
          {location.PendingGoogleEdits > 0 ? <div className="locus-muted">{t.pendingEdits(location.PendingGoogleEdits)}</div> : null}
        </div>
      </Card>
      {location.GoogleError ? (
        <Callout intent="danger" title={t.googleErrorTitle} className="locus-callout">
          {inFormTerms(location.GoogleError)}
          {location.GoogleErrorAt ? <div className="locus-muted">{formatDateTime(location.GoogleErrorAt)}</div> : null}
        </Callout>
      ) : null}
      <GoogleChangesPanel locationId={location.Id} changes={location.GoogleChanges} editable={canEdit} />
      <div className="locus-details-sections">
        <FeatureSlot name="locationReviews" locationId={location.Id} />
        <MediaSection locationId={location.Id} editable={location.IsPublishedOnGMB && canEdit} />
        <PostsSection
          locationId={location.Id}
          companyId={user.companyId ?? ''}
          phone={location.PrimaryPhoneNumber}
          editable={location.IsPublishedOnGMB && canEdit}
        />
        <QuestionsSection locationId={location.Id} />
        <FeatureSlot name="locationInsights" locationId={location.Id} />
      </div>

      {dialog === 'edit' ? <EditLocationDialog location={location} onClose={() => setDialog(null)} /> : null}
      {dialog === 'hours' ? <EditHoursDialog location={location} onClose={() => setDialog(null)} /> : null}
      {dialog === 'attributes' ? <BusinessAttributesDialog locationId={location.Id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'publishers' ? <PublishersDialog locationId={location.Id} onOpened={reloadLocation} onClose={() => setDialog(null)} /> : null}
      {dialog === 'users' ? (
        <FeatureSlot name="locationUsersDialog" locationId={location.Id} locationTitle={location.Title} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
