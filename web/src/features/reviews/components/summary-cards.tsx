import { Card } from '@blueprintjs/core';
import type { ReviewsSummary } from '../api/reviews-api';
import { reviewTexts as t } from '../constants';

/** Summary cards: total and unresponded reviews, average rating. */
export const SummaryCards = ({ summary }: { summary: ReviewsSummary | undefined }) => (
  <div className="locus-review-cards">
    <Card className="locus-review-card" data-testid="reviews-total">
      <div className="locus-muted">{t.totalReviews}</div>
      <div className="locus-review-card-value">{summary?.Total ?? '–'}</div>
    </Card>
    <Card className="locus-review-card" data-testid="reviews-unresponded">
      <div className="locus-muted">{t.unresponded}</div>
      <div className="locus-review-card-value">{summary?.Unresponded ?? '–'}</div>
    </Card>
    <Card className="locus-review-card" data-testid="reviews-average">
      <div className="locus-muted">{t.averageRating}</div>
      <div className="locus-review-card-value">{summary?.AverageRating != null ? summary.AverageRating.toFixed(2) : '–'}</div>
    </Card>
  </div>
);
