import { ProgressBar } from '@blueprintjs/core';
import type { PostTemplate } from '../api/templates-api';
import { answeredCount, progressPercent } from '../constants';

/** Live publishing progress by Google's answer: live, in review, rejected by Google and failed, of the total. */
export function TemplateProgress({ template }: { template: PostTemplate }) {
  const p = template.Progress;
  const percent = progressPercent(p);
  const finished = answeredCount(p) >= p.Total;
  const notLive = p.Rejected + p.Failed;
  const parts = [
    p.InReview > 0 ? `${p.InReview} in review by Google` : '',
    p.Rejected > 0 ? `${p.Rejected} rejected by Google` : '',
    p.Failed > 0 ? `${p.Failed} failed` : '',
  ].filter(Boolean);
  return (
    <div className="template-progress" aria-label={`Progress ${percent} %`}>
      <ProgressBar
        value={percent / 100}
        intent={notLive > 0 ? (p.Done === 0 && finished ? 'danger' : 'warning') : finished ? 'success' : 'primary'}
        animate={!finished}
        stripes={!finished}
      />
      <span>
        {percent} % ({p.Done}/{p.Total} live{parts.length ? `, ${parts.join(', ')}` : ''})
      </span>
    </div>
  );
}
