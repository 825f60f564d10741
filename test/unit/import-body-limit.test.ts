import type { Context } from 'aws-lambda';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { buildApiEvent } from '../../lambdas/runtime/apiEvent.ts';
import { route } from '../../lambdas/features/account/route.ts';
import { resetClients } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { CATEGORY_VALUES } from '../../shared/reminder/categories.ts';
import { REPEATS_VALUES } from '../../shared/reminder/terms.ts';
import { API } from '../../shared/routes.ts';
import { IMPORT_BODY_MAX_BYTES, IMPORT_MAX_ROWS, importRemindersSchema } from '../../shared/importRequest.ts';
import {
  LEAD_DAY_MAX,
  LEAD_DAYS_MAX,
  NOTES_MAX,
  PROVIDER_MAX,
  TITLE_MAX,
} from '../../shared/schemas/fields.ts';

const longest = (values: readonly string[]) => [...values].sort((a, b) => b.length - a.length)[0]!;
/** A character of three UTF-8 bytes: the most bytes one UTF-16 unit (what `.max()` counts) can take. */
const WIDE = '€';

/** The largest import the API accepts: every row at its longest, in the widest characters. */
function largestValidImport() {
  const row = {
    title: WIDE.repeat(TITLE_MAX),
    category: longest(CATEGORY_VALUES),
    provider: WIDE.repeat(PROVIDER_MAX),
    renewal_date: '2027-01-15',
    // A valid amount whose JSON is longest (a tiny fraction prints in exponent form).
    amount: 1.2345678901234567e-100,
    notes: WIDE.repeat(NOTES_MAX),
    repeats: longest(REPEATS_VALUES),
    auto_renew: false,
    act_by: '2027-01-01',
    lead_days: Array.from({ length: LEAD_DAYS_MAX }, (_, i) => LEAD_DAY_MAX - i),
  };
  return { reminders: Array.from({ length: IMPORT_MAX_ROWS }, () => row) };
}

describe("the import's body limit", () => {
  const largest = largestValidImport();
  const bytes = Buffer.byteLength(JSON.stringify(largest));

  it('is just above the largest valid import, and under the 8 KB the web ACL allowed before', () => {
    expect(importRemindersSchema.safeParse(largest).success).toBe(true);
    expect(bytes).toBeLessThanOrEqual(IMPORT_BODY_MAX_BYTES);
    expect(bytes).toBeGreaterThan(IMPORT_BODY_MAX_BYTES * 0.98);
    // Lambda takes at most 6 MB per request: a limit above it would never be reached.
    expect(IMPORT_BODY_MAX_BYTES).toBeLessThan(6 * 1024 * 1024);
  });

  it('is enforced by the route: a larger body is a 413 with a clear message, before it is parsed', async () => {
    const handler = route(API.importReminders, async () => ({ imported: 0, skipped: 0 }) as never);
    // The caller's profile, which route() reads to check the token against ended sessions: none ended.
    process.env.TABLE_NAME = 'unit';
    resetEnvCache();
    resetClients();
    mockClient(DynamoDBDocumentClient)
      .on(GetCommand)
      .resolves({ Item: { sessions_valid_after: 0 } });
    const claims = { sub: 'u1', token_use: 'access' };
    const send = (body: string) =>
      handler(
        buildApiEvent({ method: 'POST', routePath: API.importReminders.path, claims, body }),
        {} as Context,
      );
    const tooLarge = await send(`${JSON.stringify(largest)}${' '.repeat(IMPORT_BODY_MAX_BYTES - bytes + 1)}`);
    expect(tooLarge.statusCode).toBe(413);
    expect(JSON.parse(tooLarge.body!)).toMatchObject({
      message: expect.stringMatching(/^The request is too large/),
    });
    expect((await send(JSON.stringify(largest))).statusCode).toBe(200);
  });
});
