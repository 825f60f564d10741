/**
 * POST /api/vehicles/lookup over real HTTP, the DVLA stand-in behind it: the dates of a full
 * record and a new car's estimate, a 404 in words, a 429 or 500 from the DVLA as a 503 that says to
 * try later or type the dates (never a 500 of ours), a bad registration refused before the DVLA is
 * asked, and the per-user limit of a day.
 */
import { describe, expect, it } from 'vitest';
import { VEHICLE_LOOKUPS_PER_DAY, VEHICLE_MESSAGES } from '../../shared/vehicles.ts';
import { DVLA_FIXTURES } from '../../lib/local/dvla.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { api, createUser } from '../support/stack.ts';

const stack = useTestStack();
const PATH = '/api/vehicles/lookup';

describe('vehicle look-up', () => {
  it('answers the DVLA’s dates, its 404, and its 429 and 500 in words', async () => {
    const user = await createUser(stack, { label: 'dvla' });
    const lookUp = (registration: string) => api(stack, user.accessToken)('POST', PATH, { registration });

    const full = await lookUp('ab12 cde');
    expect(full.status).toBe(200);
    expect(full.json).toEqual({
      registration: 'AB12CDE',
      make: 'FORD',
      mot_due: '2027-03-14',
      mot_estimated: false,
      tax_due: '2027-02-01',
    });
    expect((await lookUp(DVLA_FIXTURES.newCar)).json).toMatchObject({
      mot_due: '2028-09-01',
      mot_estimated: true,
    });

    const missing = await lookUp(DVLA_FIXTURES.notFound);
    expect([missing.status, missing.json?.message]).toEqual([404, VEHICLE_MESSAGES.notFound]);
    for (const registration of [DVLA_FIXTURES.throttled, DVLA_FIXTURES.failing]) {
      const down = await lookUp(registration);
      expect([down.status, down.json?.message]).toEqual([503, VEHICLE_MESSAGES.unavailable]);
    }
    expectFieldErrors(await lookUp('AB-12'), { registration: [VEHICLE_MESSAGES.registrationInvalid] });
  });

  it(`allows ${VEHICLE_LOOKUPS_PER_DAY} look-ups a user a day`, async () => {
    const [user, other] = await Promise.all([createUser(stack), createUser(stack)]);
    const lookUp = (token: string) => api(stack, token)('POST', PATH, { registration: DVLA_FIXTURES.full });
    for (let i = 0; i < VEHICLE_LOOKUPS_PER_DAY; i++)
      expect((await lookUp(user.accessToken)).status).toBe(200);
    const refused = await lookUp(user.accessToken);
    expect([refused.status, refused.json?.message]).toEqual([429, VEHICLE_MESSAGES.tooMany]);
    expect((await lookUp(other.accessToken)).status).toBe(200);
  });
});
