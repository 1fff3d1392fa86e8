import { Icon } from '@blueprintjs/core';

/** 1-5 stars, filled up to `value`. */
export const Stars = ({ value, size = 14 }: { value: number; size?: number }) => (
  <span className="locus-review-stars" role="img" aria-label={`${value} stars`} title={`${value} stars`}>
    {[1, 2, 3, 4, 5].map((n) => (
      <Icon key={n} icon={n <= value ? 'star' : 'star-empty'} size={size} className={n <= value ? 'locus-star-on' : 'locus-star-off'} />
    ))}
  </span>
);

/**
 * The rating filter (spec: 5 stars; clicking the same value again turns it off). `value` is the
 * minimum rating, null for none.
 */
export function StarFilter({ value, onChange, label }: { value: number | null; onChange: (v: number | null) => void; label: string }) {
  return (
    <span className="locus-star-filter" role="group" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          className="locus-star-button"
          aria-label={`${n} star${n > 1 ? 's' : ''}`}
          aria-pressed={value === n}
          onClick={() => onChange(value === n ? null : n)}
        >
          <Icon
            icon={value !== null && n <= value ? 'star' : 'star-empty'}
            size={18}
            className={value !== null && n <= value ? 'locus-star-on' : 'locus-star-off'}
          />
        </button>
      ))}
    </span>
  );
}
