import { Icon } from '@blueprintjs/core';
import './form.css';

/** Whole stars out of five for an average rating (half and above rounds up). */
export const filledStars = (rating: number | null | undefined): number =>
  rating === null || rating === undefined || !Number.isFinite(rating) ? 0 : Math.min(5, Math.max(0, Math.round(rating)));

/** Average rating with two decimals ('4.50'); '0.00' without reviews. */
export const formatRating = (rating: number | null | undefined): string =>
  (rating === null || rating === undefined || !Number.isFinite(rating) ? 0 : rating).toFixed(2);

export const RatingStars = ({ rating, size = 14, showValue = false }: { rating: number | null | undefined; size?: number; showValue?: boolean }) => {
  const filled = filledStars(rating);
  return (
    <span className="locus-stars" role="img" aria-label={`Rating ${formatRating(rating)} out of 5`} title={formatRating(rating)}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Icon key={i} icon={i < filled ? 'star' : 'star-empty'} size={size} className={i < filled ? 'locus-star-on' : 'locus-star-off'} />
      ))}
      {showValue ? <span className="locus-stars-value">{formatRating(rating)}</span> : null}
    </span>
  );
};
