// A panic is never silent. No input of the page can reach a panic, so the
// test calls the one export made for it (`panicForTest`) and checks what a
// person sees: a message at the top with a link that reloads the page on
// the same inputs, and the panic in the console for whoever debugs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './harness.mjs';

const env = useBrowser();

test('a panic shows a message with a reload link and logs the panic', async () => {
  const query = '?seed=42&base=250';
  const { page, context, errors } = await env.openPage(query);
  try {
    assert.equal(await page.getByRole('alert').count(), 0, 'no message before a panic');
    // After a jump the address has a fragment; the reload link must not.
    await page.evaluate(() => { location.hash = 'results'; });
    // The trap that ends the wasm surfaces as an exception of the call.
    const thrown = await page.evaluate(() => {
      try { window.wasmBindings.panicForTest(); return null; } catch (e) { return String(e); }
    });
    assert.match(thrown ?? '', /unreachable|RuntimeError/, 'the wasm stopped');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.textContent(), /Something went wrong and the calculator stopped\. Reload the page/);
    const link = alert.getByRole('link', { name: 'Reload the page' });
    const href = await link.getAttribute('href');
    assert.equal(new URL(href).search, new URL(page.url()).search, 'the reload link keeps the inputs');
    assert.equal(new URL(href).hash, '', 'the reload link has no fragment, so following it reloads');
    assert.ok(errors.some((e) => e.includes('panicForTest was called')), `the panic is logged: ${errors.join(' | ')}`);
    // Following the link brings the page back, on the same inputs.
    await link.click();
    await page.getByRole('table', { name: 'Retry schedule' }).waitFor();
    assert.equal(await page.getByLabel('Base delay (ms)', { exact: true }).inputValue(), '250');
    assert.equal(await page.getByRole('alert').count(), 0);
  } finally {
    await context.close();
  }
});
