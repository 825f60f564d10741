/**
 * `npm run bench:import`: an import of a 500-row file, end to end on the local stand-ins, as the
 * dialog does it: the file read and every row checked (shared/import.ts, the code the browser runs),
 * the valid rows sent in one request through the local API adapter (token check, the route's schema,
 * staging, the commit, the final writes), then the dashboard's list read back. Three rounds, each
 * into a fresh account; prints each step and the total. The size can be changed:
 * BENCH_ROWS=200 npm run bench:import
 */
import { remindersCsv } from '../shared/csv.ts';
import { readImportFile } from '../shared/import.ts';
import type { Reminder } from '../shared/api.ts';
import { CATEGORIES } from '../shared/categories.ts';
import { addDays } from '../shared/schedule.ts';
import { REPEATS_VALUES } from '../shared/terms.ts';
import { oneOffContract } from '../lambdas/store/reminders.ts';
import { api, createUser, startTestStack } from '../test/support/stack.ts';

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
const stack = await startTestStack();
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
      `  round ${round}: read and check ${readMs.toFixed(0)} ms, save ${saveMs.toFixed(0)} ms, ` +
        `list ${listMs.toFixed(0)} ms, total ${ms(start).toFixed(0)} ms (${JSON.stringify(saved.json)})`,
    );
  }
} finally {
  await stack.stop();
}
