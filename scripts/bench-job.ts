/**
 * `npm run bench:job`: the daily job's cost and speed on the local stand-ins.
 *
 * Two datasets, each in a fresh local store with the SES maximum send rate set to 20 per second:
 *   A. 1,000 reminders due today (one mail each);
 *   B. the same 1,000 due plus 100,000 that are not due on the run's date.
 * Prints, for each: reminders in the table, mails sent, seconds, mails per second, the planning
 * time (finding what is due), the busiest one-second window of sends; then the ratio B/A.
 * Sizes can be changed: BENCH_DUE=200 BENCH_NOT_DUE=20000 npm run bench:job
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../lib/local/stack.ts';
import { batchWriteAll } from '../lambdas/runtime/batch.ts';
import { toItem } from '../lambdas/store/reminders.ts';
import { ENTITY, keys } from '../shared/table.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../shared/locales.ts';
import { CATEGORIES } from '../shared/categories.ts';
import { addDays } from '../shared/schedule.ts';
import { nextMailAt } from '../lambdas/store/nextMail.ts';
import type { Reminder } from '../shared/api.ts';

const RATE = 20;
const DUE = Number(process.env.BENCH_DUE ?? 1000);
const NOT_DUE = Number(process.env.BENCH_NOT_DUE ?? 100_000);
const RUN_DATE = '2030-06-12';

/** Four writers in parallel; dynalite is single-threaded, more would only queue. */
async function batchWrite(items: Record<string, unknown>[]): Promise<void> {
  const quarter = Math.ceil(items.length / 4);
  await Promise.all(
    [0, 1, 2, 3].map((k) =>
      batchWriteAll(items.slice(k * quarter, (k + 1) * quarter).map((Item) => ({ PutRequest: { Item } }))),
    ),
  );
}

function reminder(userId: string, category: Reminder['category'], renewalDate: string, n: number): Reminder {
  return {
    id: randomUUID(),
    user_id: userId,
    title: `Renewal ${n}`,
    category,
    provider: 'Bench Provider',
    renewal_date: renewalDate,
    amount: 100 + (n % 900),
    notes: null,
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  };
}

/**
 * A reminder's item, placed in the next-mail index as if created on `notBefore` with nothing sent:
 * due ones from long before the run, the rest from the day after it (so none of theirs is due).
 */
function placed(r: Reminder, notBefore: string): Record<string, unknown> {
  return toItem(r, {
    notBefore,
    nextAt: nextMailAt({ ...r, not_before: notBefore }, DEFAULT_TIMEZONE, new Set()),
  });
}

async function seed(withNotDue: boolean): Promise<number> {
  const items: ({ entity?: string } & Record<string, unknown>)[] = [];
  // 100 users, each with DUE/100 reminders renewing in 7 days (a lead day of every category).
  const users = Array.from({ length: Math.max(1, DUE / 10) }, () => randomUUID());
  for (const userId of users) {
    items.push({
      pk: keys.user(userId),
      sk: keys.profile(),
      entity: ENTITY.profile,
      id: userId,
      user_id: userId,
      email: `bench.${userId.slice(0, 8)}@example.com`,
      first_name: 'Bench',
      last_name: null,
      country: DEFAULT_COUNTRY,
      timezone: DEFAULT_TIMEZONE,
      marketing_consent: false,
      is_admin: false,
      lifetime_free: false,
      reminder_emails: true,
      created_at: '2030-01-01T00:00:00.000Z',
    });
  }
  for (let n = 0; n < DUE; n++) {
    const category = CATEGORIES[n % CATEGORIES.length]!.value;
    items.push(
      placed(reminder(users[n % users.length]!, category, addDays(RUN_DATE, 7), n), addDays(RUN_DATE, -1)),
    );
  }
  if (withNotDue) {
    const owners = Array.from({ length: 5000 }, () => randomUUID());
    let n = 0;
    for (let day = -365; n < NOT_DUE; day++) {
      const date = addDays(RUN_DATE, day % 730);
      for (let k = 0; k < 150 && n < NOT_DUE; k++, n++) {
        const category = CATEGORIES[n % CATEGORIES.length]!.value;
        items.push(placed(reminder(owners[n % owners.length]!, category, date, n), addDays(RUN_DATE, 1)));
      }
    }
  }
  await batchWrite(items);
  return items.filter((i) => i.entity === ENTITY.reminder).length;
}

interface Measured {
  reminders: number;
  sent: number;
  seconds: number;
  perSecond: number;
  planMs: number;
  sendPhasePerSecond: number;
  busiestWindow: number;
}

async function measure(withNotDue: boolean): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-bench-'));
  const stack = await startLocalStack({ dataDir, appPort: 0, mailboxPort: 0, maxSendRate: RATE });
  try {
    process.stdout.write(`  seeding ${withNotDue ? `${DUE} due + ${NOT_DUE} not due` : `${DUE} due`}… `);
    const seedStart = performance.now();
    const reminders = await seed(withNotDue);
    console.log(`${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    await fetch(`${stack.sesEndpoint}/clear-store`, { method: 'POST' });
    const { runDailyJob, resetSendRateCache } = await import('../lambdas/engine/run.ts');
    resetSendRateCache();
    const start = performance.now();
    const run = await runDailyJob({ date: RUN_DATE, trigger: 'cli' });
    const seconds = (performance.now() - start) / 1000;
    if (run.errors.length) console.log(`  errors: ${run.errors.slice(0, 3).join('; ')}`);
    const { emails } = (await (await fetch(`${stack.sesEndpoint}/store`)).json()) as {
      emails: { at: number }[];
    };
    const times = emails.map((e) => e.at * (e.at < 1e12 ? 1000 : 1)).sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    const span = times.length > 1 ? (times.at(-1)! - times[0]!) / 1000 : 0;
    return {
      reminders,
      sent: run.items_processed,
      seconds,
      perSecond: run.items_processed / seconds,
      planMs: run.planMs,
      sendPhasePerSecond: span > 0 ? (times.length - 1) / span : 0,
      busiestWindow: busiest,
    };
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(label: string, m: Measured) {
  console.log(
    `${label}: ${m.reminders.toLocaleString('en-GB')} reminders in the table, ${m.sent} mails sent, ` +
      `${m.seconds.toFixed(2)} s, ${m.perSecond.toFixed(2)} mails/s overall; finding what is due ${m.planMs} ms; ` +
      `sending phase ${m.sendPhasePerSecond.toFixed(2)} mails/s (${((m.sendPhasePerSecond / RATE) * 100).toFixed(1)}% of ${RATE}/s), ` +
      `busiest 1 s window ${m.busiestWindow} mails`,
  );
}

console.log(`Daily job benchmark (SES maximum send rate ${RATE}/s, run date ${RUN_DATE})`);
const onlyDue = await measure(false);
print('A (due only)      ', onlyDue);
const withNotDue = await measure(true);
print('B (due + not due) ', withNotDue);
console.log(
  `Ratio B/A: job time ${(withNotDue.seconds / onlyDue.seconds).toFixed(3)} (target ≤ 1.2); ` +
    `finding what is due ${(withNotDue.planMs / Math.max(1, onlyDue.planMs)).toFixed(2)}`,
);
process.exit(0);
