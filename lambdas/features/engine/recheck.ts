/**
 * 'Keep it to update the dates after each MOT': when a Car Tax / MOT reminder with a kept
 * registration number rolls forward (its date passed some days ago), the job asks the DVLA again and
 * moves the reminder to the date it now holds, when that is later. Anything else (no key on this
 * stage, no such vehicle, the DVLA not answering, nothing newer yet) rolls it on by its term as any
 * other reminder: the re-check never stops the roll or the run.
 */
import { recheckedRenewal, type KeptVehicle } from '../../../shared/vehicles.ts';
import { env } from '../../runtime/env.ts';
import { logger } from '../../runtime/logger.ts';
import { dvlaApiKey, lookUpVehicle } from '../vehicles/dvla.ts';

/** Shorter than the look-up's own wait: the job asks in line with its other work. */
const RECHECK_TIMEOUT_MS = 3000;

export async function recheckedVehicleDate(reminder: {
  id: string;
  renewal_date: string;
  kept_vehicle: KeptVehicle | null;
}): Promise<string | null> {
  const kept = reminder.kept_vehicle;
  const url = env().DVLA_API_URL;
  if (!kept || !url) return null;
  const apiKey = await dvlaApiKey();
  if (!apiKey) return null;
  const answer = await lookUpVehicle(kept.registration, { url, apiKey, timeoutMs: RECHECK_TIMEOUT_MS });
  if (answer.outcome !== 'found') {
    logger.warn('DVLA re-check found no date; rolling by the term', {
      reminderId: reminder.id,
      outcome: answer.outcome,
      ...(answer.outcome === 'unavailable' ? { reason: answer.reason } : {}),
    });
    return null;
  }
  return recheckedRenewal(reminder.renewal_date, kept.follows, answer.dates);
}
