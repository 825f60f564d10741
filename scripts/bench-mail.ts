/**
 * `npm run bench:mail`: the CPU cost of rendering the mails the reminder job sends in bulk.
 *
 * Renders 2,000 reminder mails, 2,000 savings follow-ups and 500 digests of 3 items, from varied
 * inputs (every category, amounts known and not, 0/1/many days left, long titles that fill the
 * preview, names with markup characters), first with the direct React Email render, then compiled
 * (lambdas/mail/compile.ts, filled from lambdas/mail/plans/). Each measured pass follows a warm-up pass over other inputs (which also
 * compiles every shape), and counts process.cpuUsage() user + system time. Prints, per kind, the
 * milliseconds of CPU per mail for each and the ratio, and checks every compiled mail against its
 * direct render. Sizes can be changed: BENCH_MAILS=500 BENCH_DIGESTS=100 npm run bench:mail
 */
import type { Reminder } from '../shared/api.ts';
import { CATEGORY_VALUES } from '../shared/reminder/categories.ts';
import { directFallbacks } from '../lambdas/mail/compile.ts';
import { renderDigestMail, type DigestItem } from '../lambdas/mail/digest.ts';
import { renderReminderMail, type ReminderMailProps } from '../lambdas/mail/reminder.ts';
import { renderSavingsFollowUp, type SavingsFollowUpProps } from '../lambdas/mail/savingsFollowUp.ts';
import { renderDigestMailDirect } from '../lambdas/mail/templates/digest.tsx';
import { renderReminderMailDirect } from '../lambdas/mail/templates/reminder.tsx';
import { renderSavingsFollowUpDirect } from '../lambdas/mail/templates/savingsFollowUp.tsx';

const MAILS = Number(process.env.BENCH_MAILS ?? 2000);
const DIGESTS = Number(process.env.BENCH_DIGESTS ?? 500);
const DIGEST_ITEMS = 3;
const WARM_UP = 100;
const SITE = 'https://renewals.example.co.uk';

const TITLES = [
  'Home insurance',
  'Car insurance: Ford Fiesta',
  "Mum & Dad's broadband",
  'Netflix <Premium>',
  'Mortgage "2-year fix"',
  'Octopus Energy tariff 🔌',
  'Barclaycard 0% balance transfer',
  'MOT: VW Golf',
];
const PROVIDERS = [
  'Aviva',
  'Direct Line',
  'BT',
  'Netflix',
  'Nationwide',
  'Octopus Energy',
  'Barclays',
  'DVLA',
];
const NAMES = ['Ann', 'Zoë', '', "O'Brien", 'Mary-Jane', 'Siân', '<b>Bob</b>'];
const DAYS_LEFT = [0, 1, 7, 14, 30, 60, 90];

/** Deterministic variety: a small linear congruential generator, so every run renders the same mails. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

type Renewal = Pick<Reminder, 'id' | 'title' | 'provider' | 'category' | 'renewal_date' | 'amount'>;

function renewal(pick: (n: number) => number, i: number): Renewal {
  // Every 25th title is long enough for the preview to fill its 150 characters (the other shape).
  const title = `${TITLES[pick(TITLES.length)]!} ${i}${i % 25 === 0 ? ` (${'joint policy, '.repeat(10)})` : ''}`;
  return {
    id: `r${i}`,
    title,
    provider: PROVIDERS[pick(PROVIDERS.length)]!,
    category: CATEGORY_VALUES[pick(CATEGORY_VALUES.length)]!,
    renewal_date: `2030-${String(1 + pick(12)).padStart(2, '0')}-${String(1 + pick(28)).padStart(2, '0')}`,
    amount: pick(3) === 0 ? null : pick(500_000) / 100,
  };
}

const unsubscribeUrl = (i: number) => `${SITE}/unsubscribe?u=user${i}&t=${(i * 7919).toString(36)}`;

function reminderProps(pick: (n: number) => number, i: number): ReminderMailProps {
  return {
    firstName: NAMES[pick(NAMES.length)]!,
    reminder: renewal(pick, i),
    daysLeft: DAYS_LEFT[pick(DAYS_LEFT.length)]!,
    dashboardUrl: `${SITE}/dashboard`,
    calendarUrl: `${SITE}/api/calendar/event/user${i}.r${i}.ics`,
    unsubscribeUrl: unsubscribeUrl(i),
  };
}

function savingsProps(pick: (n: number) => number, i: number): SavingsFollowUpProps {
  const reminder = renewal(pick, i);
  return {
    firstName: NAMES[pick(NAMES.length)]!,
    reminder,
    savingsUrl: `${SITE}/savings/${reminder.id}`,
    unsubscribeUrl: unsubscribeUrl(i),
  };
}

function digestProps(pick: (n: number) => number, i: number) {
  const items: DigestItem[] = Array.from({ length: DIGEST_ITEMS }, (_, k) => {
    const reminder = renewal(pick, i * DIGEST_ITEMS + k);
    return pick(3) === 0
      ? { kind: 'savings', reminder, url: `${SITE}/savings/${reminder.id}` }
      : {
          kind: 'reminder',
          reminder,
          daysLeft: DAYS_LEFT[pick(DAYS_LEFT.length)]!,
          url: `${SITE}/dashboard`,
          calendarUrl: `${SITE}/api/calendar/event/${reminder.id}.ics`,
        };
  });
  return { firstName: NAMES[pick(NAMES.length)]!, items, unsubscribeUrl: unsubscribeUrl(i) };
}

interface Mail {
  subject: string;
  html: string;
  text: string;
}

/** Milliseconds of CPU (user + system) per call of `render` over `inputs`, after a warm-up pass. */
async function cpuPerMail<P>(render: (p: P) => Promise<Mail>, warmUp: P[], inputs: P[]): Promise<number> {
  for (const p of warmUp) await render(p);
  const start = process.cpuUsage();
  for (const p of inputs) await render(p);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / inputs.length;
}

interface Kind<P> {
  name: string;
  count: number;
  make: (pick: (n: number) => number, i: number) => P;
  direct: (p: P) => Promise<Mail>;
  compiled: (p: P) => Promise<Mail>;
}

async function bench<P>({ name, count, make, direct, compiled }: Kind<P>) {
  const pick = generator(name.length);
  const warmUp = Array.from({ length: WARM_UP }, (_, i) => make(pick, count + i));
  const inputs = Array.from({ length: count }, (_, i) => make(pick, i));
  const directMs = await cpuPerMail(direct, warmUp, inputs);
  const before = directFallbacks();
  const compiledMs = await cpuPerMail(compiled, warmUp, inputs);
  const fallbacks = directFallbacks() - before;
  // Not timed: every compiled mail must be the direct render, byte for byte.
  let mismatches = 0;
  for (const p of inputs) {
    const [a, b] = [await compiled(p), await direct(p)];
    if (a.subject !== b.subject || a.html !== b.html || a.text !== b.text) mismatches++;
  }
  return { name, count, directMs, compiledMs, fallbacks, mismatches };
}

const rows = [
  await bench({
    name: 'reminder',
    count: MAILS,
    make: reminderProps,
    direct: renderReminderMailDirect,
    compiled: renderReminderMail,
  }),
  await bench({
    name: 'savings follow-up',
    count: MAILS,
    make: savingsProps,
    direct: renderSavingsFollowUpDirect,
    compiled: renderSavingsFollowUp,
  }),
  await bench({
    name: `digest (${DIGEST_ITEMS} items)`,
    count: DIGESTS,
    make: digestProps,
    direct: renderDigestMailDirect,
    compiled: renderDigestMail,
  }),
];

console.log(
  `\nCPU per mail (process.cpuUsage user + system, after ${WARM_UP} warm-up renders), Node ${process.version}\n`,
);
console.log(
  `${'kind'.padEnd(20)} ${'mails'.padStart(6)} ${'direct ms'.padStart(10)} ${'compiled ms'.padStart(12)} ${'speed-up'.padStart(9)}`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(20)} ${String(r.count).padStart(6)} ${r.directMs.toFixed(3).padStart(10)} ${r.compiledMs.toFixed(3).padStart(12)} ${`${(r.directMs / r.compiledMs).toFixed(0)}x`.padStart(9)}`,
  );
}
const bad = rows.filter((r) => r.mismatches > 0 || r.fallbacks > 0);
for (const r of bad)
  console.log(`\n${r.name}: ${r.mismatches} differ from the direct render, ${r.fallbacks} rendered directly`);
if (bad.length === 0) console.log('\nEvery compiled mail equals its direct render; none fell back to it.');
process.exitCode = bad.some((r) => r.mismatches > 0) ? 1 : 0;
