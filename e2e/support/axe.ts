import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  state: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * Runs axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA) on the page as it is and returns its
 * serious and critical violations, named by the state they were found in. The e-learning unit's
 * frame is left out (`iframes: false`): it is a package's own page, in an opaque-origin sandbox
 * that axe cannot enter, and our own packages are checked by the e-learning journey.
 */
export async function seriousViolations(page: Page, state: string): Promise<Finding[]> {
  // Evaluated through the debugging protocol: the app's CSP (script-src 'self') stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
      iframes: false,
    })) as {
      violations: {
        id: string;
        impact: string | null;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary ?? '',
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      state,
      rule: v.id,
      impact: v.impact,
      targets: v.targets.slice(0, 5),
      summary: v.summary,
    }));
}

/**
 * The widths and themes a feature's own spec scans its states in: both widths and both themes,
 * paired across (a narrow dark page, a wide light one). Every route is scanned in all four
 * combinations by accessibility.e2e.ts; the states only a feature reaches (a dialog, a tab, an
 * exam in progress) are scanned here in two, which halves the suite's browser time while a
 * width-only or theme-only fault is still caught.
 */
export const stateVariants = [
  [390, true],
  [1280, false],
] as const;
