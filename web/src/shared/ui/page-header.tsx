import { H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export const PageHeader = ({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) => (
  <div className="locus-page-header">
    <div>
      <H3 className="locus-page-title">{title}</H3>
      {subtitle ? <p className="locus-page-subtitle">{subtitle}</p> : null}
    </div>
    {actions ? <div className="locus-page-actions">{actions}</div> : null}
  </div>
);
