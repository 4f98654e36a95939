// What the page scripts share: opening the page until its schedule is up,
// and the updates they make inside it (typing into Base delay, and
// re-rolling). Used by bench-page, bench-ab, trace-page and profile-page;
// bench-page keeps its own update loop, with a warm-up and a check that the
// table changed, and shares the re-roll and `quantile`.

/** The schedule's first body row: once it is in the DOM the app is up. */
export const FIRST_ROW = 'table.schedule tbody tr';

/**
 * Opens `url` in a fresh context of `browser` and waits for the first
 * schedule row. `beforeLoad(context, page)`, if given, runs before the
 * navigation (to add an init script or start a profiler). Resolves to
 * `{ context, page }`; the caller closes the context.
 */
export async function openApp(browser, url, { viewport = { width: 1280, height: 900 }, beforeLoad } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (beforeLoad) await beforeLoad(context, page);
  await page.goto(url);
  await page.locator(FIRST_ROW).first().waitFor();
  return { context, page };
}

/** The in-page code of each action; `i` is the update's number. */
export const ACTIONS = {
  base: `
    const el = document.getElementById('base');
    el.value = i % 2 ? '1000' : '1001';
    el.dispatchEvent(new Event('input', { bubbles: true }));`,
  // A library's field: Polly's Delay, google-api-core's multiplier.
  delay: `
    const el = document.getElementById('lib-Delay');
    el.value = i % 2 ? '2' : '3';
    el.dispatchEvent(new Event('input', { bubbles: true }));`,
  multiplier: `
    const el = document.getElementById('lib-multiplier');
    el.value = i % 2 ? '2' : '1.9';
    el.dispatchEvent(new Event('input', { bubbles: true }));`,
  // The button is found once per page: reading every button's text is
  // the benchmark's work, not the page's (a stale button would leave the
  // table as it was, which bench-page.mjs refuses).
  reroll: `
    window.__reroll ??= [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Re-roll jitter');
    window.__reroll.click();`,
};

/** The in-page code of `action`, or an error naming the actions there are. */
export function actionCode(action) {
  // `field:ID:A:B` types A and B by turns into the input with that id.
  const typed = /^field:([\w.-]+):([^:]+):([^:]+)$/.exec(action);
  if (typed) {
    const [, id, a, b] = typed;
    return `
    const el = document.getElementById(${JSON.stringify(id)});
    el.value = i % 2 ? ${JSON.stringify(a)} : ${JSON.stringify(b)};
    el.dispatchEvent(new Event('input', { bubbles: true }));`;
  }
  if (!(action in ACTIONS)) throw new Error(`unknown action ${action}: use ${Object.keys(ACTIONS).join(' or ')} or field:ID:A:B`);
  return ACTIONS[action];
}

/**
 * Makes `n` updates of `action` in `page`, each timed as
 * scripts/bench-page.mjs times them: the action, the next macrotask, then
 * a forced layout; then, outside the window, the rows out of view are
 * written at once (a scroll event does that, src/ui/widgets/in_view.rs),
 * as bench-page does. Resolves to the times in ms. With `stamp`, each
 * update is bracketed by `console.timeStamp` marks for a trace.
 */
export function timeUpdates(page, action, n, { stamp = false } = {}) {
  return page.evaluate(async ({ code, n, stamp }) => {
    const act = new Function('i', code);
    const nextTask = () => new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve();
      ch.port2.postMessage(0);
    });
    const out = [];
    for (let i = 0; i < n; i++) {
      await nextTask();
      if (stamp) console.timeStamp('update-start');
      const t0 = performance.now();
      act(i);
      await nextTask();
      void document.body.offsetHeight;
      out.push(performance.now() - t0);
      if (stamp) console.timeStamp('update-end');
      window.dispatchEvent(new Event('scroll'));
      // Laid out here, as bench-page does, not in the next update's window.
      void document.body.offsetHeight;
    }
    return out;
  }, { code: actionCode(action), n, stamp });
}

/** The `q` quantile of `xs` (nearest rank): 0.5 the median, 0.95 the p95. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}
