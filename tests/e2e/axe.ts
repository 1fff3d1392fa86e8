import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string; html: string }[];
}

/** The page's critical and serious axe-core violations (WCAG 2.x A and AA rules, best practices included). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // the script tag is added once per document; a later call on the same page reuses it
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html })),
    }));
  });
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

/** One block per violation: rule, impact, help, then each offending element and why. */
export function formatViolations(where: string, violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no critical or serious violations`;
  const lines = [`${where}: ${violations.length} critical or serious axe-core violation(s)`];
  for (const v of violations) {
    lines.push(`- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const n of v.nodes.slice(0, 8)) {
      lines.push(`    ${n.target.join(' ')}  ${n.html.slice(0, 160)}`);
      if (n.failureSummary) lines.push(`      ${n.failureSummary.replace(/\n/g, '\n      ')}`);
    }
    if (v.nodes.length > 8) lines.push(`    … and ${v.nodes.length - 8} more`);
  }
  return lines.join('\n');
}
