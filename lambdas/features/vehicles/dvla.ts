/**
 * The DVLA's Vehicle Enquiry Service (POST {url}/vehicle-enquiry/v1/vehicles, key in x-api-key):
 * a registration number in, MOT and tax dates out. Whatever the DVLA does (404, 429, 500, a hang,
 * an answer we cannot read) comes back as one of three outcomes, never as an exception, so the
 * route answers in words and never with a 500 of ours.
 */
import { dvlaVehicleSchema, vehicleDates, type VehicleDates } from '../../../shared/vehicles.ts';
import { env } from '../../runtime/env.ts';
import { logger } from '../../runtime/logger.ts';
import { secretString } from '../../runtime/secrets.ts';

export interface DvlaConfig {
  /** The service's origin: the DVLA's, or the local stand-in's (lib/local/dvla.ts). */
  url: string;
  apiKey: string;
  /** Longest wait for the answer. */
  timeoutMs?: number;
}

export type VehicleLookup =
  | { outcome: 'found'; dates: VehicleDates }
  | { outcome: 'not_found' }
  | { outcome: 'unavailable'; reason: string };

export const DVLA_PATH = '/vehicle-enquiry/v1/vehicles';
const DEFAULT_TIMEOUT_MS = 5000;

export async function lookUpVehicle(registration: string, config: DvlaConfig): Promise<VehicleLookup> {
  let response: Response;
  try {
    response = await fetch(new URL(DVLA_PATH, config.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': config.apiKey },
      body: JSON.stringify({ registrationNumber: registration }),
      signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: 'unavailable', reason: error instanceof Error ? error.name : 'fetch failed' };
  }
  // The DVLA answers 400 for a number it cannot read: to the user that is no such vehicle.
  if (response.status === 404 || response.status === 400) return { outcome: 'not_found' };
  if (!response.ok) return { outcome: 'unavailable', reason: `HTTP ${response.status}` };
  const record = dvlaVehicleSchema.safeParse(await response.json().catch(() => undefined));
  if (!record.success) return { outcome: 'unavailable', reason: 'unreadable answer' };
  return { outcome: 'found', dates: vehicleDates(record.data) };
}

/** The key: the local stack's own, or on AWS the stage's secret (read once per container). */
export async function dvlaApiKey(): Promise<string | undefined> {
  const { DVLA_API_KEY: key, DVLA_API_KEY_SECRET_ID: secretId } = env();
  if (key) return key;
  if (!secretId) return undefined;
  try {
    return (await secretString(secretId)).trim() || undefined;
  } catch (error) {
    // A missing or unreadable secret is the look-up being off, in words, never a 500 of ours.
    logger.error('The DVLA key could not be read', { error });
    return undefined;
  }
}
