import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations (WCAG 2 A and AA rules) on the page as it is now, one
 * line per rule: "rule-id (node count) first-node-selector". Specs expect `[]`: the project's
 * accessibility bar is no serious or critical finding on any page a test visits; minor and
 * moderate findings are not reported here.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
}
