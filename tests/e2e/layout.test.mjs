// The page in both themes at desktop and phone widths: no sideways scroll,
// contrast-bearing colours switch with the theme, the results are one tap
// from the inputs on a phone, no tile wraps inside a value and no badge
// pushes a column out of view. A screenshot of each is saved under
// artifacts/screenshots/ for a person to look at.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useBrowser } from './harness.mjs';

const outDir = path.resolve('artifacts/screenshots');
const env = useBrowser();
before(() => fs.mkdirSync(outDir, { recursive: true }));

// A deadline and a server wait, so the widest badges are in the table.
// A small simulation, run in each test, so its table and charts are drawn.
const BUSY = '?seed=42&retries=8&deadline=20000&serverwait=3:5000&simclients=20&simruns=3';

for (const width of [1280, 375]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`layout at ${width} px, ${colorScheme}`, async () => {
      const { page, context, errors } = await env.openPage(BUSY, {
        viewport: { width, height: 900 },
        colorScheme,
      });
      try {
        await page.getByRole('tab', { name: 'JavaScript' }).waitFor();
        await page.locator('svg [data-retry="8"]').waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `no sideways scroll at ${width} px (overflow ${overflow} px)`);
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        if (colorScheme === 'dark') assert.notEqual(bg, 'rgb(246, 247, 249)');
        else assert.equal(bg, 'rgb(246, 247, 249)');
        // No tile value breaks inside a number or a unit, or spills out.
        const broken = await page.locator('.tile-value > span').evaluateAll((spans) => spans
          .filter((s) => s.getClientRects().length > 1
            || s.getBoundingClientRect().right > s.closest('.tile').getBoundingClientRect().right + 1)
          .map((s) => s.textContent));
        assert.deepEqual(broken, [], 'tile values stay whole and inside their tile');
        await page.getByRole('button', { name: 'Run simulation' }).click();
        await page.waitForFunction(() => document.querySelector('[data-testid=sim-status]')?.dataset.state === 'done');
        await page.getByRole('table', { name: 'Contention results' }).waitFor();
        // Every table's key columns in view without sideways scrolling: the
        // schedule, the comparison and the contention results.
        const wide = await page.locator('.table-wrap').evaluateAll((ws) => ws
          .filter((w) => w.scrollWidth - w.clientWidth > 2)
          .map((w) => `${w.querySelector('caption')?.textContent}: ${w.scrollWidth} px in ${w.clientWidth}`));
        assert.deepEqual(wide, [], `no table scrolls sideways at ${width} px`);
        // No label of any chart is clipped: each text lies inside its svg,
        // or, where the svg lets it overflow, inside the svg's panel.
        const clipped = await page.locator('svg text').evaluateAll((texts) => texts.filter((t) => {
          if (!t.textContent.trim() || t.getClientRects().length === 0) return false;
          const r = t.getBoundingClientRect();
          const svg = t.ownerSVGElement;
          const box = (getComputedStyle(svg).overflow === 'visible' ? svg.closest('section') : svg).getBoundingClientRect();
          return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
        }).map((t) => `${t.ownerSVGElement.getAttribute('aria-labelledby') ?? t.ownerSVGElement.className.baseVal}: ${t.textContent}`));
        assert.deepEqual(clipped, [], `no chart label clipped at ${width} px`);
        if (width === 1280) {
          const clipped = await page.locator('.table-wrap').first().evaluate((w) => w.scrollWidth - w.clientWidth);
          // 2 px: the collapsed outer borders, drawn half outside the table.
          assert.ok(clipped <= 2, `the schedule fits its box at 1280 px with every badge (${clipped} px over)`);
          assert.equal(await page.getByRole('link', { name: 'Jump to the results' }).isVisible(), false);
        } else {
          // One tap from the inputs to the tiles.
          await page.getByRole('link', { name: 'Jump to the results' }).click();
          await page.waitForFunction(() => {
            const r = document.querySelector('.tiles').getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          });
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        // A full-page capture leaves out the schedule rows below the first
        // screen (content-visibility: auto skips them), which a person
        // scrolling there sees drawn: draw them all for the picture.
        await page.addStyleTag({ content: '.schedule tbody tr { content-visibility: visible; }' });
        await page.screenshot({ path: path.join(outDir, `page-${width}-${colorScheme}.png`), fullPage: true });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}
