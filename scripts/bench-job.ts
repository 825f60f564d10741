/**
 * `npm run bench:job`: the reminder job through the send queue on the local stand-ins (planner,
 * fauxqs, two senders), each scenario in a fresh local store, SES maximum 50 mails/s:
 *   ratio:      A. 1,000 due (one owner each); B. the same plus 100,000 not due. Job time B/A.
 *   catchup:    7 days without a run, 1,000 mails dated on each: what one run sends, none twice.
 *   digests:    500 owners with 5 mails due each: one digest each, SDK calls per mail.
 *   throughput: 10,000 due: the sending phase's rate against 50/s and its busiest second.
 *   households: A. 1,000 households of 2, one shared reminder due each (2,000 mails); B. the same plus
 *               100,000 not due. Job time B/A, and the sending phase against 50/s.
 * Each prints mails sent, seconds (plan to queue drained), the planning time, the sending rate, the
 * busiest one-second window at the mailbox, process CPU per mail and recipients mailed twice.
 * Sizes and scenarios: BENCH_ONLY=ratio,catchup BENCH_DUE=200 BENCH_NOT_DUE=20000 npm run bench:job
 * Alert channels: BENCH_CHANNELS=1 gives every owner Telegram, ntfy and a webhook, each on the local
 * stand-ins, so each recipient's message also sends three channel messages (counted, and checked
 * for doubles) while the mails keep their pace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../lib/local/stack.ts';
import { ENTITY, keys } from '../shared/table.ts';
import { CATEGORIES } from '../shared/reminder/categories.ts';
import { addDays } from '../shared/reminder/schedule.ts';
import { batchWrite, benchHousehold, benchProfile, benchReminder, placed } from './bench/seed.ts';
import { withBenchChannels } from './bench/channels.ts';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SENDERS = 2;
const DUE = Number(process.env.BENCH_DUE ?? 1000);
const NOT_DUE = Number(process.env.BENCH_NOT_DUE ?? 100_000);
const THROUGHPUT = Number(process.env.BENCH_THROUGHPUT ?? 10_000);
const CATCH_UP_PER_DAY = Number(process.env.BENCH_CATCH_UP ?? 1000);
const RUN_DATE = '2030-06-12';
const DIGEST_OWNERS = Number(process.env.BENCH_DIGEST_OWNERS ?? 500);
const DIGEST_SIZE = Number(process.env.BENCH_DIGEST_SIZE ?? 5);
const HOUSEHOLDS = Number(process.env.BENCH_HOUSEHOLDS ?? 1000);
const CHANNELS = process.env.BENCH_CHANNELS === '1';

/** `count` households of two, each with one shared reminder whose 7-day lead is due on the run's date. */
function householdItems(count: number): Record<string, unknown>[] {
  const renewal = addDays(RUN_DATE, 7);
  return Array.from({ length: count }, (_, n) =>
    benchHousehold(2, CATEGORIES[n % CATEGORIES.length]!.value, renewal, RUN_DATE, n),
  ).flat();
}

/**
 * `due` owners with one reminder each (so each is one SES mail, no digest), whose mail is dated
 * `daysBefore(n)` days before the run: 0 for a mail due today, more for one a skipped day left.
 */
function dueItems(due: number, daysBefore: (n: number) => number, perOwner = 1): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  let userId = '';
  for (let n = 0; n < due; n++) {
    const first = n % perOwner === 0;
    if (first) userId = randomUUID();
    const category = CATEGORIES[n % CATEGORIES.length]!.value;
    // The 7-day lead is a lead day of every category.
    const renewal = addDays(RUN_DATE, 7 - daysBefore(n));
    // Added on the day of its mail: no earlier lead of it is open (as if those had gone before).
    if (first) items.push(benchProfile(userId));
    items.push(placed(benchReminder(userId, category, renewal, n), addDays(RUN_DATE, -daysBefore(n))));
  }
  return items;
}

function notDueItems(count: number): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const owners = Array.from({ length: 5000 }, () => randomUUID());
  let n = 0;
  for (let day = -365; n < count; day++) {
    const date = addDays(RUN_DATE, day % 730);
    for (let k = 0; k < 150 && n < count; k++, n++) {
      const category = CATEGORIES[n % CATEGORIES.length]!.value;
      items.push(placed(benchReminder(owners[n % owners.length]!, category, date, n), addDays(RUN_DATE, 1)));
    }
  }
  return items;
}

interface Measured {
  reminders: number;
  sent: number;
  late: number;
  superseded: number;
  seconds: number;
  planMs: number;
  /** Mails a second over the sending phase, from the e-mail log (millisecond times). */
  sendPhasePerSecond: number;
  /** The same from the mailbox's whole-second times (what earlier runs printed). */
  mailboxPerSecond: number;
  /**
   * The share of the run the main thread's event loop spent running code: the stand-ins (the SES
   * emulator, fauxqs, dynalite's front) and the planner live there, so near 100% it, not the
   * senders' pacing, limits the rate.
   */
  mainThreadBusy: number;
  busiestWindow: number;
  cpuMsPerMail: number;
  senderMsPerMail: number;
  /** Recipients with more than one mail (must be 0). */
  doubled: number;
  /** SES messages (a digest is one). */
  messages: number;
  /** Our SDK calls (DynamoDB, SES, the planner's SQS sends; not the event source's polling) per mail sent. */
  callsPerMail: number;
  /**
   * With BENCH_CHANNELS: channel messages the stand-ins received, channels that got two, and when
   * the first and the last went, in seconds after the first mail (the last mail's: `lastMail`).
   */
  channels?: { received: number; doubled: number; from: number; to: number; lastMail: number };
}

async function measure(label: string, seeded: Record<string, unknown>[]): Promise<Measured> {
  let items = seeded;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-bench-'));
  const stack = await startLocalStack({
    dataDir,
    appPort: 0,
    mailboxPort: 0,
    maxSendRate: RATE,
    senders: SENDERS,
    senderThreads: process.env.BENCH_THREADS !== '0',
    log: process.env.BENCH_VERBOSE ? (line) => console.log(`  ${line}`) : undefined,
  });
  try {
    const channels = CHANNELS ? withBenchChannels(stack, items) : undefined;
    if (channels) items = channels.items;
    process.stdout.write(`  ${label}: seeding ${items.length.toLocaleString('en-GB')} items… `);
    const seedStart = performance.now();
    await batchWrite(items);
    console.log(`${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    await fetch(`${stack.sesEndpoint}/clear-store`, { method: 'POST' });
    const { planRun, resetSendRateCache } = await import('../lambdas/features/engine/planner.ts');
    const { latestCronRuns } = await import('../lambdas/store/sending/index.ts');
    resetSendRateCache();
    // The planner's SendMessageBatch calls (the senders' receives and deletes are the event source's on AWS).
    const { sqsClient } = await import('../lambdas/runtime/clients.ts');
    let sqsSends = 0;
    (await sqsClient()).middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === 'SendMessageBatchCommand') sqsSends++;
        return next(args);
      },
      { step: 'initialize', name: 'bench-count-sqs' },
    );
    const requestsBefore = stack.requestCounts();
    const cpuBefore = process.cpuUsage();
    const senderBefore = stack.sendPoller.senderActiveMs();
    const loopBefore = performance.eventLoopUtilization();
    const start = performance.now();
    const planned = await planRun({ date: RUN_DATE, trigger: 'cli' });
    await stack.sendPoller.idle();
    const seconds = (performance.now() - start) / 1000;
    const mainThreadBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const cpu = process.cpuUsage(cpuBefore);
    const requestsAfter = stack.requestCounts();
    const calls =
      requestsAfter.dynamodb - requestsBefore.dynamodb + (requestsAfter.ses - requestsBefore.ses) + sqsSends;
    const run = (await latestCronRuns(5)).find((r) => r.id === planned.id)!;
    if (run.errors.length) console.log(`  errors: ${run.errors.slice(0, 3).join('; ')}`);
    const { emails } = (await (await fetch(`${stack.sesEndpoint}/store`)).json()) as {
      emails: { at: number; destination: { to: string[] } }[];
    };
    const times = emails.map((e) => e.at * (e.at < 1e12 ? 1000 : 1)).sort((a, b) => a - b);
    // The sending phase's rate from the e-mail log (each mail's time after SES accepted it, in ms):
    // the mailbox keeps whole seconds, which over a 45 s phase is ±2% of the rate.
    const { queryAll } = await import('../lambdas/store/db.ts');
    const logged = (await queryAll({ pk: keys.emailLogs() }))
      .map((row) => Date.parse(String(row.sent_at)))
      .sort((a, b) => a - b);
    const loggedSpan = logged.length > 1 ? (logged.at(-1)! - logged[0]!) / 1000 : 0;
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    const span = times.length > 1 ? (times.at(-1)! - times[0]!) / 1000 : 0;
    const perRecipient = new Map<string, number>();
    for (const e of emails)
      perRecipient.set(e.destination.to[0]!, (perRecipient.get(e.destination.to[0]!) ?? 0) + 1);
    return {
      reminders: items.filter((i) => i.entity === ENTITY.reminder).length,
      sent: run.items_processed,
      late: run.late,
      superseded: run.superseded,
      seconds,
      planMs: planned.planMs,
      sendPhasePerSecond: loggedSpan > 0 ? (logged.length - 1) / loggedSpan : 0,
      mailboxPerSecond: span > 0 ? (times.length - 1) / span : 0,
      mainThreadBusy,
      busiestWindow: busiest,
      // The whole process: the planner, the senders and the in-process stand-ins (an upper bound).
      cpuMsPerMail: run.items_processed ? (cpu.user + cpu.system) / 1000 / run.items_processed : 0,
      // The sender threads alone: what a sender Lambda would spend per mail.
      senderMsPerMail: run.items_processed
        ? (stack.sendPoller.senderActiveMs() - senderBefore) / run.items_processed
        : 0,
      doubled: [...perRecipient.values()].filter((count) => count > 1).length,
      messages: emails.length,
      callsPerMail: run.items_processed ? calls / run.items_processed : 0,
      ...(channels
        ? (() => {
            const counted = channels.count();
            const at = (ms: number) => (ms - (logged[0] ?? ms)) / 1000;
            return {
              channels: {
                received: counted.received,
                doubled: counted.doubled,
                from: at(counted.first),
                to: at(counted.last),
                lastMail: at(logged.at(-1) ?? 0),
              },
            };
          })()
        : {}),
    };
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(label: string, m: Measured) {
  console.log(
    `${label}: ${m.reminders.toLocaleString('en-GB')} reminders, ${m.sent} sent in ${m.messages} SES mails (${m.late} late, ${m.superseded} superseded), ` +
      `${m.seconds.toFixed(2)} s; finding what is due ${m.planMs} ms; sending phase ${m.sendPhasePerSecond.toFixed(2)} mails/s ` +
      `(${((m.sendPhasePerSecond / RATE) * 100).toFixed(1)}% of ${RATE}/s; the mailbox's whole seconds: ${m.mailboxPerSecond.toFixed(2)}), busiest 1 s window ${m.busiestWindow}; ` +
      `process CPU ${m.cpuMsPerMail.toFixed(2)} ms per mail (the sender threads ${m.senderMsPerMail.toFixed(2)} ms); ` +
      `main thread busy ${(m.mainThreadBusy * 100).toFixed(0)}% of the run; ` +
      `SDK calls per mail ${m.callsPerMail.toFixed(2)}; recipients mailed twice: ${m.doubled}` +
      (m.channels
        ? `; channel messages ${m.channels.received.toLocaleString('en-GB')} from ${m.channels.from.toFixed(1)} s to ${m.channels.to.toFixed(1)} s after the first mail (the last mail ${m.channels.lastMail.toFixed(1)} s; channels that got two: ${m.channels.doubled})`
        : ''),
  );
}

console.log(
  `Reminder job benchmark through the send queue (SES maximum ${RATE}/s, ${SENDERS} senders, run date ${RUN_DATE}` +
    `${CHANNELS ? '; every owner with Telegram, ntfy and a webhook' : ''})`,
);
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !only || only.includes(name);
if (wanted('ratio')) {
  const a = await measure(
    'A',
    dueItems(DUE, () => 0),
  );
  print(`A: ${DUE} due              `, a);
  const b = await measure('B', [...dueItems(DUE, () => 0), ...notDueItems(NOT_DUE)]);
  print(`B: ${DUE} due + ${NOT_DUE} not due`, b);
  console.log(
    `Ratio B/A: job time ${(b.seconds / a.seconds).toFixed(3)} (target ≤ 1.2); ` +
      `finding what is due ${(b.planMs / Math.max(1, a.planMs)).toFixed(2)}`,
  );
}
if (wanted('households')) {
  const a = await measure('households A', householdItems(HOUSEHOLDS));
  print(`Households A: ${HOUSEHOLDS} of 2, one shared reminder due each`, a);
  const b = await measure('households B', [...householdItems(HOUSEHOLDS), ...notDueItems(NOT_DUE)]);
  print(`Households B: the same + ${NOT_DUE} not due`, b);
  console.log(
    `Households ratio B/A: job time ${(b.seconds / a.seconds).toFixed(3)} (target ≤ 1.2); ` +
      `sending phase ${((a.sendPhasePerSecond / RATE) * 100).toFixed(1)}% and ${((b.sendPhasePerSecond / RATE) * 100).toFixed(1)}% of ${RATE}/s (target ≥ 90%)`,
  );
}
if (wanted('catchup')) {
  // Seven days without a run, CATCH_UP_PER_DAY mails dated on each of them.
  const c = await measure(
    'catch-up',
    dueItems(7 * CATCH_UP_PER_DAY, (n) => n % 7),
  );
  print(`Catch-up after 7 days without runs (${CATCH_UP_PER_DAY}/day)`, c);
}
if (wanted('digests')) {
  // Owners with DIGEST_SIZE mails due each: one digest per owner.
  const d = await measure(
    'digests',
    dueItems(DIGEST_OWNERS * DIGEST_SIZE, () => 0, DIGEST_SIZE),
  );
  print(`Digests: ${DIGEST_OWNERS} owners × ${DIGEST_SIZE} mails`, d);
}
if (wanted('throughput')) {
  const t = await measure(
    'throughput',
    dueItems(THROUGHPUT, () => 0),
  );
  print(`Throughput: ${THROUGHPUT} due`, t);
}
process.exit(0);
