/** Session upkeep: a check every 30 s refreshes the tokens when 90 s or less remain. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e } from '../support/e2e.ts';
import { createUser, type TestUser } from '../support/stack.ts';

const { stack, newPage, signIn } = useE2e();
let user: TestUser;

beforeAll(async () => {
  user = await createUser(stack, { label: 'session' });
});

describe('session refresh', () => {
  it('refreshes the access token ahead of expiry, and keeps the user signed in', async () => {
    const page = await newPage(1280);
    await page.clock.install();
    await signIn(page, user);
    await page.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();

    const refreshes: string[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'] ?? '';
      if (target.endsWith('GetTokensFromRefreshToken')) refreshes.push(target);
    });

    // Half an hour on: an hour-long token has plenty left, so no refresh.
    await page.clock.fastForward('30:00');
    await page.waitForTimeout(500);
    expect(refreshes).toHaveLength(0);

    // 59 minutes in: 60 s left, under the 90 s threshold, so the next check refreshes.
    await page.clock.fastForward('29:00');
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    // Still signed in, with a token the API accepts.
    await page.reload();
    await page.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
    await page.context().close();
  });
});
