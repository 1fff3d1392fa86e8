import { ProgressBar } from '@blueprintjs/core';
import type { PostTemplate } from '../api/templates-api';
import { progressPercent } from '../constants';

/** Live publishing progress: done, failed and total, as a bar and a percentage. */
export function TemplateProgress({ template }: { template: PostTemplate }) {
  const p = template.Progress;
  const percent = progressPercent(p);
  const finished = p.Done + p.Failed >= p.Total;
  return (
    <div className="template-progress" aria-label={`Progress ${percent} %`}>
      <ProgressBar value={percent / 100} intent={p.Failed > 0 ? 'warning' : finished ? 'success' : 'primary'} animate={!finished} stripes={!finished} />
      <span>
        {percent} % ({p.Done}/{p.Total}
        {p.Failed > 0 ? `, ${p.Failed} failed` : ''})
      </span>
    </div>
  );
}
