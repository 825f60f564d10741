/**
 * Access that survives a reset, replayed on the local stand-ins (decision 0050): someone signs up
 * with another person's address and a password of their own, the owner confirms in their own browser
 * (which only confirms), the other signs in, keeps the calendar feed's address and joins the account
 * to their own household; the owner resets the password. Afterwards nothing of theirs is left: no
 * token, no refresh, no feed, no mailed link, no household. 'Sign out everywhere' ends every token
 * too, and a sign-in right after either is taken, in the same second or not.
 */
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import type { Household } from '../../shared/household.ts';
import type { HouseholdNote, HouseholdRecord } from '../../shared/householdNotes.ts';
import { SESSION_MESSAGES } from '../../shared/sessions.ts';
import { eventToken } from '../support/calendar.ts';
import { useTestStack } from '../support/fixtures.ts';
import { latestToken } from '../support/household.ts';
import {
  addReminder,
  api,
  confirmationLink,
  createUser,
  mailsTo,
  signUp,
  uniqueEmail,
  type TestStack,
} from '../support/stack.ts';

const stack = useTestStack();

async function passwordSignIn(email: string, password: string) {
  const result = await stack.cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return {
    access: result.AuthenticationResult!.AccessToken!,
    refresh: result.AuthenticationResult!.RefreshToken!,
  };
}

const refreshes = (refreshToken: string) =>
  stack.cognito
    .send(
      new InitiateAuthCommand({
        ClientId: stack.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    )
    .then(
      () => 'refreshed',
      (error: Error) => error.name,
    );

/** 'Forgot password?' from the owner's mailbox: the mailed code and a new password. */
async function resetPassword(s: TestStack, email: string, password: string) {
  await s.cognito.send(new ForgotPasswordCommand({ ClientId: s.clientId, Username: email }));
  const code = /\b(\d{6})\b/.exec((await mailsTo(s, email)).at(-1)?.body.html ?? '')?.[1];
  await s.cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: s.clientId,
      Username: email,
      ConfirmationCode: code,
      Password: password,
    }),
  );
}

const pathOf = (url: string) => new URL(url).pathname;

describe('a password reset after a sign-up someone else started', () => {
  it('leaves nothing of theirs: tokens, refresh, feed, mailed links and household all end', async () => {
    // 1. Mallory signs up with Olive's address and a password of Mallory's.
    const olive = uniqueEmail('olive');
    await signUp(stack, olive, 'Mallory-chose-1', 'Olive');
    // 2. Olive confirms from her mail in her own browser: a confirmation, no sign-in (no verifier).
    const code = (await confirmationLink(stack, olive)).searchParams.get('code')!;
    await stack.cognito.send(
      new ConfirmSignUpCommand({ ClientId: stack.clientId, Username: olive, ConfirmationCode: code }),
    );
    // 3. Mallory signs in with the password.
    const mallory = await passwordSignIn(olive, 'Mallory-chose-1');
    const asMallory = api(stack, mallory.access);
    const oliveId = ((await asMallory('GET', '/api/me')).json as { profile: { user_id: string } }).profile
      .user_id;
    // 4. Mallory keeps the feed's address and a mailed 'Add to calendar' link, and joins the account to
    //    Mallory's own household (an invitation to an address of Mallory's, joined as Olive).
    const feed = ((await asMallory('GET', '/api/me/calendar')).json as { link: { https_url: string } }).link;
    await addReminder(
      stack,
      { accessToken: mallory.access },
      {
        title: 'Car tax',
        category: 'car_tax_mot',
        provider: 'DVLA',
        renewal_date: '2031-01-01',
      },
    );
    const mailedLink = await eventToken(oliveId);
    const malloryOwn = await createUser(stack, { label: 'mallory' });
    const alias = uniqueEmail('mallory-alias');
    expect(
      (await api(stack, malloryOwn.accessToken)('POST', '/api/household/invitations', { email: alias }))
        .status,
    ).toBe(201);
    expect(
      (await asMallory('POST', '/api/household/join', { token: await latestToken(stack, alias) })).status,
    ).toBe(200);
    expect((await asMallory('GET', '/api/reminders')).status).toBe(200);
    expect((await fetch(`${stack.appUrl}${pathOf(feed.https_url)}`)).status).toBe(200);

    // 5. Olive resets the password and, at once, signs in with it: taken, even in the reset's second.
    await resetPassword(stack, olive, 'Olive-owns-it-1');
    const owner = await passwordSignIn(olive, 'Olive-owns-it-1');
    const asOlive = api(stack, owner.access);
    expect((await asOlive('GET', '/api/me')).status).toBe(200);
    // Olive's new private reminder, and a mortgage she would share with her household.
    const secret = await addReminder(
      stack,
      { accessToken: owner.access },
      {
        title: 'Private loan',
        category: 'credit_cards',
        provider: 'Bank',
        renewal_date: '2031-03-01',
        notes: 'Only mine',
      },
    );
    const mortgage = await asOlive('POST', '/api/reminders', {
      title: 'Mortgage',
      category: 'mortgage',
      provider: 'Nationwide',
      renewal_date: '2031-06-01',
      shared: true,
    });
    expect([mortgage.status, mortgage.json?.message]).toEqual([400, 'You are not in a household.']);

    // Nothing of Mallory's is left.
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/reminders'],
      ['GET', `/api/reminders/${secret}`],
      ['POST', '/api/household/invitations'],
    ] as const) {
      const refused = await asMallory(
        method,
        path,
        method === 'POST' ? { email: uniqueEmail('x') } : undefined,
      );
      expect([path, refused.status, refused.json?.message]).toEqual([path, 401, SESSION_MESSAGES.ended]);
    }
    expect(await refreshes(mallory.refresh)).toBe('NotAuthorizedException');
    expect((await fetch(`${stack.appUrl}${pathOf(feed.https_url)}`)).status).toBe(404);
    expect((await fetch(`${stack.appUrl}/api/calendar/event/${mailedLink}.ics`)).status).toBe(404);
    const malloryHousehold = (await api(stack, malloryOwn.accessToken)('GET', '/api/household/me')).json as {
      household: Household;
    };
    expect(malloryHousehold.household.members.map((m) => m.first_name)).toEqual(['Test']);
    expect(
      JSON.stringify((await api(stack, malloryOwn.accessToken)('GET', '/api/reminders')).json),
    ).not.toMatch(/Mortgage|Private loan/);

    // Olive is told, and her Household card lists what was done with the account since it was made.
    const card = (await asOlive('GET', '/api/household/me')).json as {
      household: Household | null;
      notes: HouseholdNote[];
      record: HouseholdRecord | null;
    };
    expect(card.household).toBeNull();
    expect(card.notes.map((n) => n.kind)).toEqual(['left_at_reset']);
    expect(card.record?.activity.map((a) => a.kind)).toEqual(['joined']);
    // Her new feed address works, and lists her reminders.
    const fresh = ((await asOlive('GET', '/api/me/calendar')).json as { link: { https_url: string } }).link;
    expect(fresh.https_url).not.toBe(feed.https_url);
    const listed = await fetch(`${stack.appUrl}${pathOf(fresh.https_url)}`);
    expect([listed.status, (await listed.text()).includes('Private loan')]).toEqual([200, true]);

    // A second reset ends the sessions again, but leaves a household joined after the first alone.
    const again = await createUser(stack, { label: 'olive-friend' });
    expect((await asOlive('POST', '/api/household/invitations', { email: again.email })).status).toBe(201);
    expect(
      (
        await api(stack, again.accessToken)('POST', '/api/household/join', {
          token: await latestToken(stack, again.email),
        })
      ).status,
    ).toBe(200);
    await resetPassword(stack, olive, 'Olive-owns-it-2');
    expect((await asOlive('GET', '/api/me')).status).toBe(401);
    const later = api(stack, (await passwordSignIn(olive, 'Olive-owns-it-2')).access);
    const after = (await later('GET', '/api/household/me')).json as {
      household: Household | null;
      record: HouseholdRecord;
    };
    expect(after.household?.members).toHaveLength(2);
    expect(after.record.activity.map((a) => a.kind)).toEqual(['joined', 'started', 'invited']);
    const kept = ((await later('GET', '/api/reminders')).json as { reminders: Reminder[] }).reminders;
    expect(kept.map((r) => r.title)).toContain('Private loan');
  });
});

describe("'Sign out everywhere'", () => {
  it('refuses every token issued before it, its own included, and takes a sign-in right after', async () => {
    const user = await createUser(stack, { label: 'everywhere' });
    const laptop = await passwordSignIn(user.email, user.password);
    const phone = await passwordSignIn(user.email, user.password);
    expect((await api(stack, phone.access)('POST', '/api/me/sign-out-everywhere')).status).toBe(204);
    for (const token of [laptop.access, phone.access, user.accessToken])
      expect((await api(stack, token)('GET', '/api/reminders')).status).toBe(401);
    expect(await refreshes(laptop.refresh)).toBe('NotAuthorizedException');
    // No sleep in between: the route answered once the next second's tokens are good.
    const next = await passwordSignIn(user.email, user.password);
    expect((await api(stack, next.access)('GET', '/api/reminders')).status).toBe(200);
  });
});
