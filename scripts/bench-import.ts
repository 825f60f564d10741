/**
 * `npm run bench:import`: an import of a 500-row file, end to end on the local stand-ins, as the
 * dialog does it: the file read and every row checked (shared/import.ts, the code the browser runs),
 * the valid rows sent in one request through the local API adapter (token check, the route's schema,
 * staging, the commit, the final writes), then the dashboard's list read back. Three rounds, each
 * into a fresh account; prints each step and the total. Then the same in Chromium, as a user does it
 * (the production web build, built first when web/dist is missing): from choosing the file in the
 * dashboard's Import dialog to the preview, then from 'Import N reminders' to the toast and the
 * list showing every row. The size can be changed: BENCH_ROWS=200 npm run bench:import
 */
import { remindersCsv } from '../shared/csv.ts';
import { readImportFile } from '../shared/import.ts';
import type { Reminder } from '../shared/api.ts';
import { CATEGORIES } from '../shared/reminder/categories.ts';
import { addDays } from '../shared/reminder/schedule.ts';
import { REPEATS_VALUES } from '../shared/reminder/terms.ts';
import { oneOffContract } from '../lambdas/store/reminders/index.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { importedMessage } from '../shared/import.ts';
import { launchChromium } from '../test/support/e2e.ts';
import { api, createUser, startTestStack, type TestUser } from '../test/support/stack.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 500);
const ROUNDS = 3;

/** A file like a real export: every category and term, notes on some, act-by dates on others. */
function exportFile(): Uint8Array {
  const reminders: Reminder[] = Array.from({ length: ROWS }, (_, n) => {
    const renewal = addDays('2031-01-01', n % 365);
    return {
      id: String(n),
      user_id: 'bench',
      title: `Contract ${n}`,
      category: CATEGORIES[n % CATEGORIES.length]!.value,
      provider: `Provider ${n % 40}`,
      renewal_date: renewal,
      amount: (n * 137) % 2000,
      notes: n % 3 === 0 ? `Account ${n}, call before renewing` : null,
      ...oneOffContract(renewal),
      repeats: REPEATS_VALUES[n % REPEATS_VALUES.length]!,
      auto_renew: n % 2 === 0,
      act_by: n % 4 === 0 ? addDays(renewal, -30) : null,
      lead_days: n % 5 === 0 ? [60, 21, 3] : null,
      created_at: '',
      updated_at: '',
    };
  });
  return new TextEncoder().encode(remindersCsv(reminders));
}

const ms = (start: number) => performance.now() - start;
const WEB_DIR = 'web/dist';
if (!fs.existsSync(`${WEB_DIR}/index.html`)) {
  execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
}
const stack = await startTestStack({ webDir: WEB_DIR });
try {
  const bytes = exportFile();
  console.log(
    `Import benchmark: ${ROWS} rows, ${(bytes.byteLength / 1024).toFixed(0)} KB CSV, ${ROUNDS} rounds`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const user = await createUser(stack, { label: `bench${round}` });
    const call = api(stack, user.accessToken);
    const start = performance.now();
    const file = readImportFile('renewal-reminders.csv', bytes);
    if (!file.ok) throw new Error(file.error);
    const reminders = file.rows.flatMap((r) => (r.reminder ? [r.reminder] : []));
    const readMs = ms(start);
    const saveStart = performance.now();
    const saved = await call('POST', '/api/reminders/import', { reminders });
    if (saved.status !== 200) throw new Error(`import: ${saved.status} ${saved.text}`);
    const saveMs = ms(saveStart);
    const listStart = performance.now();
    const listed = await call('GET', '/api/reminders');
    const count = (listed.json as { reminders: unknown[] }).reminders.length;
    if (count !== ROWS) throw new Error(`listed ${count} of ${ROWS}`);
    const listMs = ms(listStart);
    console.log(
      `  API round ${round}: read and check ${readMs.toFixed(0)} ms, save ${saveMs.toFixed(0)} ms, ` +
        `list ${listMs.toFixed(0)} ms, total ${ms(start).toFixed(0)} ms (${JSON.stringify(saved.json)})`,
    );
  }
  const browser = await launchChromium('full');
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const user = await createUser(stack, { label: `benchui${round}` });
      const timing = await importInBrowser(user, bytes);
      console.log(
        `  Chromium round ${round}: file to preview ${timing.previewMs.toFixed(0)} ms, ` +
          `'Import ${ROWS} reminders' to toast and list ${timing.saveMs.toFixed(0)} ms, ` +
          `total ${(timing.previewMs + timing.saveMs).toFixed(0)} ms`,
      );
    }

    async function importInBrowser(user: TestUser, file: Uint8Array) {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${stack.appUrl}/auth`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import reminders' });
      const startPreview = performance.now();
      await dialog.getByLabel('File').setInputFiles({
        name: 'renewal-reminders.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(file),
      });
      const button = dialog.getByRole('button', { name: `Import ${ROWS} reminders`, disabled: false });
      await button.waitFor({ timeout: 60_000 });
      const previewMs = ms(startPreview);
      const startSave = performance.now();
      await button.click();
      await page
        .locator('[data-sonner-toast]', { hasText: importedMessage({ imported: ROWS, skipped: 0 }) })
        .waitFor({ timeout: 60_000 });
      await page
        .getByRole('link', { name: `Contract ${ROWS - 1}`, exact: true })
        .first()
        .waitFor();
      const saveMs = ms(startSave);
      await page.context().close();
      return { previewMs, saveMs };
    }
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
