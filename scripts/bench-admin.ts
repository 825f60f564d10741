/**
 * `npm run bench:admin`: the admin dashboard's API time (GET /api/admin/stats through the local
 * adapter, token verification included) with 100 reminders in the store against 100,000.
 * Reminders are written in bulk; the counters are set to exactly what the stores' per-write
 * updates would have made them (the statistics read only counters and per-date counts).
 */
import { randomUUID } from 'node:crypto';
import { startTestStack, createUser, api } from '../test/support/stack.ts';
import { batchWriteAll } from '../lambdas/runtime/batch.ts';
import { oneOffContract, toItem } from '../lambdas/store/reminders/index.ts';
import { addToCounters, globalShard } from '../lambdas/store/counters.ts';
import { COUNTERS, keys } from '../shared/table.ts';
import { CATEGORIES } from '../shared/reminder/categories.ts';
import { addDays } from '../shared/reminder/schedule.ts';
import { todayIn } from '../shared/dates.ts';

const SIZES = [100, Number(process.env.BENCH_LARGE ?? 100_000)];
const REQUESTS = 30;

async function seed(count: number): Promise<void> {
  const today = todayIn();
  const items: Record<string, unknown>[] = [];
  const global: Record<string, number> = { [COUNTERS.reminders]: 0 };
  const perMonth = new Map<string, Record<string, number>>();
  for (let n = 0; n < count; n++) {
    const category = CATEGORIES[n % CATEGORIES.length]!.value;
    const renewal = addDays(today, (n % 800) - 200);
    items.push({
      ...toItem(
        {
          id: randomUUID(),
          user_id: `bench-${n % 20_000}`,
          title: `Renewal ${n}`,
          category,
          provider: 'Bench',
          renewal_date: renewal,
          ...oneOffContract(renewal),
          amount: null,
          notes: null,
          created_at: '',
          updated_at: '',
        },
        { notBefore: today, nextAt: null },
      ),
    });
    global[COUNTERS.reminders]! += 1;
    global[COUNTERS.category(category)] = (global[COUNTERS.category(category)] ?? 0) + 1;
    const month = perMonth.get(keys.dueCountsMonth(renewal)) ?? {};
    month[COUNTERS.dueDay(renewal)] = (month[COUNTERS.dueDay(renewal)] ?? 0) + 1;
    perMonth.set(keys.dueCountsMonth(renewal), month);
  }
  await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));
  await addToCounters([{ key: globalShard(), deltas: global }]);
  for (const [month, days] of perMonth) {
    await addToCounters([{ key: { pk: keys.dueCounts(), sk: month }, deltas: days }]);
  }
}

console.log(`Admin dashboard API benchmark: GET /api/admin/stats, median of ${REQUESTS} requests`);
const medians: number[] = [];
for (const size of SIZES) {
  const stack = await startTestStack();
  try {
    const admin = await createUser(stack, { admin: true });
    const started = performance.now();
    await seed(size);
    const seedSeconds = (performance.now() - started) / 1000;
    const call = api(stack, admin.accessToken);
    await call('GET', '/api/admin/stats');
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const response = await call('GET', '/api/admin/stats');
      times.push(performance.now() - t);
      if (response.status !== 200) throw new Error(`stats answered ${response.status}`);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    medians.push(median);
    const stats = (await call('GET', '/api/admin/stats')).json as { total_reminders: number };
    console.log(
      `${size.toLocaleString('en-GB')} reminders (seeded in ${seedSeconds.toFixed(1)} s, stats report ${stats.total_reminders.toLocaleString('en-GB')}): ` +
        `median ${median.toFixed(1)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(1)} ms`,
    );
  } finally {
    await stack.stop();
  }
}
console.log(`Ratio large/small: ${(medians[1]! / medians[0]!).toFixed(2)}`);
process.exit(0);
