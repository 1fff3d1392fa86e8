import { Card } from '@blueprintjs/core';
import { LOCATION_REVIEWS_PAGE_SIZE } from '../constants';
import '../reviews.css';
import { ReviewsTable } from './reviews-table';

const LOCATION_SORTS = ['StarRating', 'ReviewReplyComment', 'CreateTime'] as const;

/** Location details → Reviews (spec part 2 §2): 5 a page, sortable by StarRating, ReviewReplyComment, CreateTime. */
export function LocationReviewsSection({ locationId }: { locationId: string }) {
  return (
    <Card className="locus-card" data-testid="location-reviews">
      <ReviewsTable scope={{ kind: 'location', locationId }} pageSize={LOCATION_REVIEWS_PAGE_SIZE} sortFields={LOCATION_SORTS} headline />
    </Card>
  );
}
