import { VEHICLE_LOOKUPS_PER_DAY, VEHICLE_MESSAGES } from '../../../shared/vehicles.ts';
import { API } from '../../../shared/routes.ts';
import { env } from '../../runtime/env.ts';
import { DomainError } from '../../runtime/errors.ts';
import { HttpError, notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { logger } from '../../runtime/logger.ts';
import { withinRateLimit } from '../../store/rateLimits/index.ts';
import { dvlaApiKey, lookUpVehicle } from '../../features/vehicles/dvla.ts';

/**
 * 'Look up MOT and tax dates': the DVLA's answer for a registration number, stored nowhere. Whatever
 * the DVLA does, the answer is the dates, a 404 or a 503 in words: never a 500 of ours.
 */
export const handler = route(API.lookUpVehicle, async ({ caller, body }) => {
  const { DVLA_API_URL: url } = env();
  const apiKey = url ? await dvlaApiKey() : undefined;
  if (!url || !apiKey) throw new DomainError('unavailable', VEHICLE_MESSAGES.unavailable);
  if (
    !(await withinRateLimit(
      { limit: 'vehicleLookups', userId: caller.userId },
      VEHICLE_LOOKUPS_PER_DAY,
      new Date(),
      'day',
    ))
  )
    throw new HttpError(429, VEHICLE_MESSAGES.tooMany);
  const answer = await lookUpVehicle(body.registration, { url, apiKey });
  if (answer.outcome === 'found') return answer.dates;
  if (answer.outcome === 'not_found') throw notFound(VEHICLE_MESSAGES.notFound);
  logger.warn('DVLA look-up failed', { reason: answer.reason });
  throw new DomainError('unavailable', VEHICLE_MESSAGES.unavailable);
});
