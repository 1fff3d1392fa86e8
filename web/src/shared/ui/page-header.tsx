import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export const PageHeader = ({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) => (
  <div className="locus-page-header">
    <div>
      {/* the page's one h1, with the look of Blueprint's h3 */}
      <h1 className={`${Classes.HEADING} locus-heading-h3 locus-page-title`}>{title}</h1>
      {subtitle ? <p className="locus-page-subtitle">{subtitle}</p> : null}
    </div>
    {actions ? <div className="locus-page-actions">{actions}</div> : null}
  </div>
);
