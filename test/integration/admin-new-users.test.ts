/**
 * The admin dashboard's 'new this week' agrees with 'Total Users' after account deletions: a deletion
 * takes the user off the sign-up day they joined on, as it takes them off the users counter; and
 * the figure never exceeds the total (day counters of tables from before the fix stay high).
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminStats } from '../../shared/admin.ts';
import { COUNTERS, keys } from '../../shared/table.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { getItem, tableName } from '../../lambdas/store/db.ts';
import { parseNumbers } from '../../lambdas/store/items.ts';
import { useTestStack } from '../support/fixtures.ts';
import { api, createUser } from '../support/stack.ts';

const stack = useTestStack();

describe("admin 'new this week' after deletions", () => {
  it('goes down with Total Users when an account is deleted, and never above it', async () => {
    const admin = await createUser(stack, { label: 'admin', admin: true });
    const users = [await createUser(stack, { label: 'one' }), await createUser(stack, { label: 'two' })];
    const stats = async () =>
      (await api(stack, admin.accessToken)('GET', '/api/admin/stats')).json as unknown as AdminStats;

    const before = await stats();
    expect(before.total_users).toBe(3);
    expect(before.new_users_7_days).toBe(3);

    // The deleted user's sign-up day (its profile's created_at) loses them, in the same counters batch.
    const me = (await api(stack, users[0]!.accessToken)('GET', '/api/me')).json as {
      profile: { created_at: string };
    };
    const joinedOn = async () =>
      parseNumbers(await getItem(keys.signupsByDay(), keys.signupsDay(me.profile.created_at)))[
        COUNTERS.signupsOnDay
      ];
    const countBefore = await joinedOn();
    expect((await api(stack, users[0]!.accessToken)('DELETE', '/api/me')).status).toBe(204);
    expect(await joinedOn()).toBe(countBefore! - 1);
    const after = await stats();
    expect(after.total_users).toBe(2);
    expect(after.new_users_7_days).toBe(2);

    // A day counter left high by a deletion from before the fix: capped at the total.
    const today = new Date().toISOString();
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: keys.signupsByDay(), sk: keys.signupsDay(today) },
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': COUNTERS.signupsOnDay },
        ExpressionAttributeValues: { ':one': 2 },
      }),
    );
    const stale = await stats();
    expect(stale.total_users).toBe(2);
    expect(stale.new_users_7_days).toBe(2);
  });
});
