// Accessibility checks with axe-core, injected into the page under test.
import { createRequire } from 'node:module';
import fs from 'node:fs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2 A/AA violations on the page, as readable lines. */
export async function accessibilityViolations(page) {
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy stays on.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const outcome = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    });
    return outcome.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  return results;
}
