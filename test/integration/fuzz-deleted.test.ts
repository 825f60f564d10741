/**
 * Requests from a deleted account: its access token still verifies for up to an hour, so every
 * signed-in route is sent a request with it, at once (concurrently, as tabs left open would), with a
 * valid body where the route takes one. None may answer 5xx, and the account's partition, emptied by
 * the deletion, must stay empty: nothing brings a deleted account back.
 */
import { describe, expect, it } from 'vitest';
import { queryAll } from '../../lambdas/store/db.ts';
import { ROUTES } from '../../shared/routes.ts';
import { keys } from '../../shared/table.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser } from '../support/stack.ts';

const stack = useTestStack();

const reminderBody = {
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2028-06-30',
};

describe('requests from a deleted account', () => {
  it('change nothing on any signed-in route, all sent at once', async () => {
    const user = await createUser(stack, { label: 'deleted' });
    const reminderId = await addReminder(stack, user, reminderBody);
    const call = api(stack, user.accessToken);
    expect((await call('DELETE', '/api/me')).status).toBe(204);
    expect(await queryAll({ pk: keys.user(user.sub) })).toEqual([]);

    const signedIn = ROUTES.filter((route) => route.access !== 'public');
    const answers = await Promise.all(
      signedIn.map(async (route) => {
        const path = route.path.replace('{id}', reminderId).replace('{token}', 'x'.repeat(43));
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : reminderBody;
        return { route: `${route.method} ${route.path}`, ...(await call(route.method, path, body)) };
      }),
    );
    for (const answer of answers) {
      expect(answer.status, `${answer.route}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
    }
    expect(await queryAll({ pk: keys.user(user.sub) })).toEqual([]);
    console.log(
      `fuzz-deleted: ${answers.length} requests, statuses ${[...new Set(answers.map((a) => a.status))].sort().join(', ')}`,
    );
  });
});
