// The page in both themes at desktop and phone widths: no sideways scroll,
// contrast-bearing colours switch with the theme, and a screenshot of each
// is saved under artifacts/screenshots/ for a person to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serveDist, launch, openPage } from './harness.mjs';

const outDir = path.resolve('artifacts/screenshots');
let server;
let browser;
before(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  server = await serveDist();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

for (const width of [1280, 375]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`layout at ${width} px, ${colorScheme}`, async () => {
      const { page, context, errors } = await openPage(browser, server.origin, '?seed=42&retries=8', {
        viewport: { width, height: 900 },
        colorScheme,
      });
      try {
        // The second app's sections are part of the layout too.
        await page.getByRole('tab', { name: 'JavaScript' }).waitFor();
        await page.locator('svg [data-retry="8"]').waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `no sideways scroll at ${width} px (overflow ${overflow} px)`);
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        if (colorScheme === 'dark') assert.notEqual(bg, 'rgb(246, 247, 249)');
        else assert.equal(bg, 'rgb(246, 247, 249)');
        await page.screenshot({ path: path.join(outDir, `page-${width}-${colorScheme}.png`), fullPage: true });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}
