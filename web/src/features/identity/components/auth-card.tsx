import { Card, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { identityTexts as t } from '../constants';

/** The centered card of the signed-out screens, with the copyright footer. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <main className="locus-auth">
    <Card className="locus-auth-card" elevation={2}>
      <div className="locus-auth-brand">Locus</div>
      {/* the page's one h1, with the look of Blueprint's h3 */}
      <h1 className={`${Classes.HEADING} locus-heading-h3`}>{title}</h1>
      {children}
    </Card>
    <footer className="locus-auth-footer">{t.copyright(new Date().getFullYear())}</footer>
  </main>
);
