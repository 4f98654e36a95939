// The lists the JavaScript tests share with the core, so they are never
// typed again here: the jitter modes, the code languages, the presets, the
// page's defaults and the retry libraries with their parameters. examples/manifest.rs prints them from the core's own
// tables (see its header for the fields); this runs it once per test
// process.
//
//   import { presets } from '../manifest.mjs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A cold build of the core takes minutes on 2 cores; after `cargo test` it
// is seconds.
const TIMEOUT_MS = 900_000;

function load() {
  let out;
  try {
    out = execFileSync('cargo', ['run', '--quiet', '--locked', '--example', 'manifest'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch (e) {
    throw new Error(`cargo run --example manifest failed: ${e.message}`);
  }
  return JSON.parse(out);
}

/** The whole manifest. */
export const manifest = load();

/** Jitter::ALL: `{ value, label }`, value as the link spells it, label as the select shows it. */
export const jitters = manifest.jitters;
/** Every mode as the snippet files name it: `{ name, jitter, capOrder }` (capOrder null but for proportional). */
export const modes = manifest.modes;
/** Lang::ALL: `{ value, label }`, value as the link spells it, label as the tab shows it. */
export const langs = manifest.langs;
/** sim::Mode::ALL: `{ value, label }`, value as the contention results' `data-mode` spells it. */
export const simModes = manifest.simModes;
/** load::FIELDS: `{ id, label, default }`, the load section's number fields in order. */
export const loadFields = manifest.loadFields;
/** load::BudgetKind::ALL: `{ value, label, params: [{ id, label, default }] }`. */
export const loadBudgets = manifest.loadBudgets;
/** core::presets::PRESETS, each field as the page's inputs show it. */
export const presets = manifest.presets;
/** The inputs of a link without parameters. */
export const defaults = manifest.defaults;
/** How many schedule rows (and chart marks) the page builds per task. */
export const rowsPerTask = Number(manifest.rowsPerTask);
/**
 * LibId::all(): `{ id, name, countParam, budgetParam, params, config, translations }`;
 * each param `{ name, label, default, kind, choices, noneOk }` as its field and the
 * link write it; `config` at the library's defaults; `translations` the page's
 * defaults written for the library, then with 3 retries: `{ retries, exact, fields, config }`.
 */
export const libraries = manifest.libraries;
