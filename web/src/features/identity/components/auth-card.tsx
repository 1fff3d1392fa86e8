import { Card, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { identityTexts as t } from '../constants';

/** The centered card of the signed-out screens, with the copyright footer. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="locus-auth">
    <Card className="locus-auth-card" elevation={2}>
      <div className="locus-auth-brand">Locus</div>
      <H3>{title}</H3>
      {children}
    </Card>
    <footer className="locus-auth-footer">{t.copyright(new Date().getFullYear())}</footer>
  </div>
);
