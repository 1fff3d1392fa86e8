import { HTMLSelect, ProgressBar, Tag } from '@blueprintjs/core';
import { VERIFICATION_STATES, type CompletenessField, type VerificationState } from '@locus/contracts';
import { COMPLETENESS_THRESHOLDS, VERIFICATION_INTENT, fieldLabel, healthTexts as t } from './health-texts';

/** A location's completeness (bar and score, what is missing as its title) and its verification state. */
export const HealthCell = ({
  completeness,
  missing,
  verification,
}: {
  completeness: number;
  missing: CompletenessField[];
  verification: VerificationState;
}) => {
  const missingText = missing.length ? t.missing(missing.map(fieldLabel)) : t.complete;
  return (
    <div className="locus-health-cell" data-testid="health-cell">
      <div title={missingText}>
        <ProgressBar
          aria-label={t.completeness(completeness)}
          value={completeness / 100}
          stripes={false}
          animate={false}
          intent={completeness >= 80 ? 'success' : completeness >= 50 ? 'warning' : 'danger'}
        />
        <span className="locus-muted">{t.completeness(completeness)}</span>
      </div>
      <Tag minimal round intent={VERIFICATION_INTENT[verification]} title={t.advice[verification] ?? undefined}>
        {t.verification[verification]}
      </Tag>
    </div>
  );
};

/** The directory's listing-health filters: completeness below a threshold, and the verification state. */
export const HealthFilters = ({
  completenessBelow,
  verification,
  onChange,
}: {
  completenessBelow: string;
  verification: string;
  onChange: (change: { CompletenessBelow?: string; Verification?: string }) => void;
}) => (
  <>
    <HTMLSelect
      aria-label={t.completenessFilter}
      value={completenessBelow}
      onChange={(e) => onChange({ CompletenessBelow: e.currentTarget.value })}
      options={[{ value: '', label: t.anyCompleteness }, ...COMPLETENESS_THRESHOLDS.map((n) => ({ value: String(n), label: t.below(n) }))]}
    />
    <HTMLSelect
      aria-label={t.verificationFilter}
      value={verification}
      onChange={(e) => onChange({ Verification: e.currentTarget.value })}
      options={[
        { value: '', label: t.anyVerification },
        { value: 'NeedsAction', label: t.needsAction },
        ...VERIFICATION_STATES.map((s) => ({ value: s, label: t.verification[s] })),
      ]}
    />
  </>
);
