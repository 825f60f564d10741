/**
 * The reminder job's push channel: one push a day at most to each of a member's devices, mirroring
 * the mails the run has for them (the digest's items, in the digest's order, in the mails' own
 * words). Each device's push is its own send record (lambdas/store/push/pushSends.ts), claimed before the
 * push service is called, so a retry, a redelivered message or two runs at once never push twice,
 * and nothing here stops or repeats the e-mail: the two channels share the plan, not the claims.
 */
import { DateTime } from 'luxon';
import type { Profile } from '../../../shared/api.ts';
import { todayIn } from '../../../shared/dates.ts';
import { pushesReminders, type PushPayload } from '../../../shared/push.ts';
import { daySummary } from '../../mail/daySummary.ts';
import type { ReminderMailInput } from '../../mail/registry.ts';
import { errorMessage, JobCrash } from '../../runtime/errors.ts';
import { logger } from '../../runtime/logger.ts';
import { publishJobCounts } from '../../runtime/metrics.ts';
import { retrying } from '../../runtime/retry.ts';
import {
  listPushDevices,
  removePushDevice,
  type StoredPushDevice,
  claimPush,
  recordPushFailed,
  recordPushGone,
  recordPushSent,
} from '../../store/push/index.ts';
import type { Claim } from '../../store/sends.ts';
import { pushTo } from './send.ts';

/** Lines the body lists before 'and N more': a notification shows a few lines at most. */
const MAX_LINES = 4;
/** One tag for the day's push: a newer one replaces an older one still showing, never stacks on it. */
const DAILY_TAG = 'daily';

/** A mail's link as a path on the site, its query kept (a follow-up's names the renewal it asks about). */
const sitePathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** What the day's push says of `items` (the mails a run has for one member): pure. */
export function dailyPushPayload(items: readonly ReminderMailInput[]): PushPayload {
  const day = daySummary(items, MAX_LINES);
  return {
    title: day.title,
    body: day.shown.join(' · '),
    // One renewal opens its own page (the mail's button's); several, the dashboard.
    url: day.link ? sitePathOf(day.link) : '/dashboard',
    tag: DAILY_TAG,
  };
}

export interface DailyPushOptions {
  now: () => Date;
  leaseMs?: number;
  /** Test seam: after a device's push is claimed, before the push service is called. */
  onPushClaimed?: (userId: string) => void | Promise<void>;
}

/** What the day's push did for one member. `again`: a device is worth another try (a redelivery). */
export interface DailyPushResult {
  pushed: number;
  removed: number;
  failedForGood: number;
  again: boolean;
}

const NOTHING: DailyPushResult = { pushed: 0, removed: 0, failedForGood: 0, again: false };

/**
 * Pushes the day's items to each of the member's devices, once per device and day. A member who
 * has turned pushes off or has no device costs nothing (not even a read). Never throws: a failure
 * it cannot settle is reported as `again`, and the message comes back.
 */
export async function pushDay(
  profile: Profile,
  items: readonly ReminderMailInput[],
  /** The member's date of the run (the message's); else today in their zone. */
  runDay: string | undefined,
  options: DailyPushOptions,
): Promise<DailyPushResult> {
  if (!pushesReminders(profile) || items.length === 0) return NOTHING;
  const day = runDay ?? todayIn(profile.timezone, DateTime.fromJSDate(options.now()));
  try {
    const devices = await listPushDevices(profile.user_id);
    const payload = dailyPushPayload(items);
    const outcomes = await Promise.all(
      devices.map((device) => pushDevice(profile.user_id, device, day, payload, options)),
    );
    const result = {
      pushed: outcomes.filter((o) => o === 'sent').length,
      removed: outcomes.filter((o) => o === 'gone').length,
      failedForGood: outcomes.filter((o) => o === 'failed for good').length,
      again: outcomes.includes('again'),
    };
    publishJobCounts({ pushed: result.pushed, push_failed: result.failedForGood });
    return result;
  } catch (error) {
    if (error instanceof JobCrash) throw error;
    logger.error("The day's push could not be settled; the message comes back", {
      user: profile.user_id.slice(0, 8),
      error: errorMessage(error),
    });
    return { ...NOTHING, again: true };
  }
}

type DeviceOutcome = 'sent' | 'gone' | 'failed for good' | 'again' | 'not ours';

async function pushDevice(
  userId: string,
  device: StoredPushDevice,
  day: string,
  payload: PushPayload,
  options: DailyPushOptions,
): Promise<DeviceOutcome> {
  const taken = await claimPush({ userId, day, deviceId: device.id }, options.now(), options.leaseMs);
  if (!('claim' in taken)) {
    // Another sender holds it and has not finished (or died holding it): come back after the lease.
    return taken.status === 'already pending' ? 'again' : 'not ours';
  }
  await options.onPushClaimed?.(userId);
  const outcome = await pushTo(device, payload);
  return settle(taken.claim, userId, device, outcome, options.now());
}

async function settle(
  claim: Claim,
  userId: string,
  device: StoredPushDevice,
  outcome: Awaited<ReturnType<typeof pushTo>>,
  now: Date,
): Promise<DeviceOutcome> {
  if (outcome.outcome === 'sent') {
    try {
      await retrying(() => recordPushSent(claim, now), { retries: 4, baseMs: 100, retryOn: () => true });
    } catch (error) {
      // Delivered: never a retry. Only a later run past the claim's lease could push it again.
      logger.error('Push delivered but not recorded', {
        user: userId.slice(0, 8),
        error: errorMessage(error),
      });
    }
    return 'sent';
  }
  if (outcome.outcome === 'gone') {
    await recordPushGone(claim, now);
    await removePushDevice(userId, device.id);
    return 'gone';
  }
  const { forGood } = await recordPushFailed(claim, outcome.error, now);
  logger.warn('A push failed', { user: userId.slice(0, 8), forGood, error: outcome.error });
  return forGood ? 'failed for good' : 'again';
}
