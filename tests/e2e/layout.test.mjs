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

/**
 * The words of `selector`'s elements that the browser broke across lines
 * inside the word (a break at a `<wbr>` splits the text there, so it is
 * not inside a word).
 */
async function brokenWords(page, selector) {
  return page.locator(selector).evaluateAll((els) => els.flatMap((el) => {
    if (el.getClientRects().length === 0) return [];
    const found = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(m[0]);
      }
    }
    return found;
  }));
}

/**
 * The controls of the policy form (or the one of `only`) that the sticky
 * result bar covers now.
 */
async function covered(page, only = null) {
  return page.evaluate((only) => {
    const bar = document.querySelector('.jump');
    if (!bar || getComputedStyle(bar).display === 'none') return [];
    const b = bar.getBoundingClientRect();
    return [...document.querySelectorAll(only ?? '.policy input, .policy select, .policy button, .policy .hint a')]
      .filter((c) => c.getClientRects().length > 0)
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.bottom > b.top + 1 && r.top < b.bottom - 1 && r.right > b.left && r.left < b.right;
      })
      .map((c) => c.id || c.textContent.trim());
  }, only);
}

for (const width of [1280, 800, 600, 375]) {
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
        // No cell, label or select breaks inside a word, and no row of a
        // short table hides in an inner scroll box.
        assert.deepEqual(await brokenWords(page, '.modes th, .modes td, .sim-table th, .sim-table td, .schedule th, .schedule td, .field label, .tile'), [], `no word broken at ${width} px`);
        const hiddenRows = await page.locator('.table-wrap:has(.modes), .table-wrap:has(.sim-table)').evaluateAll((ws) => ws
          .filter((w) => w.scrollHeight - w.clientHeight > 2)
          .map((w) => `${w.querySelector('caption')?.textContent}: ${w.scrollHeight} px in ${w.clientHeight}`));
        assert.deepEqual(hiddenRows, [], `no row of the comparison or the results hidden at ${width} px`);
        const jitter = await page.locator('#jitter').evaluate((s) => {
          const probe = document.createElement('span');
          probe.style.font = getComputedStyle(s).font;
          probe.style.position = 'absolute';
          probe.textContent = 'Proportional';
          document.body.append(probe);
          const needed = probe.getBoundingClientRect().width;
          probe.remove();
          const cs = getComputedStyle(s);
          // The arrow takes about 20 px of the box beside the padding.
          const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
          return { needed, room };
        });
        assert.ok(jitter.needed <= jitter.room, `the Jitter select shows "Proportional" whole at ${width} px (${JSON.stringify(jitter)})`);
        // Every select shows its choice whole, and the load section's,
        // which have the room, every choice (its Trigger was cut to
        // "Outage (the ser" at 1280 px).
        const cut = await page.locator('select').evaluateAll((selects) => selects
          .filter((s) => s.getClientRects().length > 0)
          .flatMap((s) => {
            const choices = s.closest('.load') ? [...s.options] : [...s.selectedOptions];
            const cs = getComputedStyle(s);
            const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
            const probe = document.createElement('span');
            probe.style.font = cs.font;
            probe.style.position = 'absolute';
            probe.style.whiteSpace = 'pre';
            document.body.append(probe);
            const longest = choices.map((o) => {
              probe.textContent = o.textContent;
              return { text: o.textContent, needed: probe.getBoundingClientRect().width };
            }).sort((a, b) => b.needed - a.needed)[0];
            probe.remove();
            return longest && longest.needed > room ? [`#${s.id}: "${longest.text}" needs ${Math.ceil(longest.needed)} px, has ${Math.floor(room)}`] : [];
          }));
        assert.deepEqual(cut, [], `no select cuts a choice at ${width} px`);
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
          // The result bar covers no control, as the page opens or as the
          // keyboard reaches each one.
          await page.evaluate(() => window.scrollTo(0, 0));
          assert.deepEqual(await covered(page), [], `the result bar covers nothing as the page opens at ${width} px`);
          for (const id of ['base', 'multiplier', 'cap', 'retries', 'jitter', 'deadline']) {
            await page.locator(`#${id}`).focus();
            assert.deepEqual(await covered(page, `#${id}`), [], `the result bar leaves #${id} in view at ${width} px`);
          }
          // One tap from the inputs to the tiles.
          await page.getByRole('link', { name: 'Jump to the results' }).click();
          await page.waitForFunction(() => {
            const r = document.querySelector('.tiles').getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          });
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        // A full-page capture leaves out the schedule rows and the
        // sections far from the view (content-visibility: auto skips
        // them; a section then shows as an empty box), which a person
        // scrolling there sees drawn: draw them all for the picture.
        await page.addStyleTag({ content: '.schedule tbody tr, [data-drawn] .panel { content-visibility: visible; }' });
        await page.screenshot({ path: path.join(outDir, `page-${width}-${colorScheme}.png`), fullPage: true });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}
