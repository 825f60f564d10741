/**
 * Settings' 'Notifications' card, the API stubbed: every channel in it with its state (e-mail from
 * the profile, this device's notifications, Telegram, ntfy, the webhook), the channels' loading
 * state holding their place, and their error with 'Try again'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiAuth } from '../../web/src/api/client.ts';
import { NotificationsCard } from '../../web/src/features/notifications/index.ts';
import { aTelegram, aWebhook, noChannels } from './channels-fixtures.ts';
import { aProfile } from './fixtures.ts';
import { stubApi } from './inbox-fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const PUSH = { devices: [], public_key: 'BPk', push_reminders: true };

const badge = (name: string) =>
  within(screen.getByRole('region', { name })).getByText(/^(On|Off|Not set up|Not available)$/).textContent;

describe("Settings' 'Notifications'", () => {
  it('lists every channel with its state', async () => {
    stubApi({
      'GET /api/me': { status: 200, body: { profile: aProfile(), isAdmin: false } },
      'GET /api/push/devices': { status: 200, body: PUSH },
      'GET /api/channels/me': {
        status: 200,
        body: noChannels({
          telegram: aTelegram(),
          webhook: aWebhook({ status: 'off', off_reason: 'The server said the address is gone' }),
        }),
      },
    });
    renderWithClient(<NotificationsCard />);
    const card = screen.getByRole('region', { name: 'Notifications' });
    await within(card).findByRole('region', { name: 'Webhook' });
    await within(card).findByText(/Your reminders go to/);
    const channels = within(card)
      .getAllByRole('region')
      .map((region) => within(region).getByRole('heading', { level: 3 }).textContent);
    expect(channels).toEqual(['E-mail', 'Notifications on this device', 'Telegram', 'ntfy', 'Webhook']);
    expect(badge('E-mail')).toBe('On');
    expect(badge('Telegram')).toBe('On');
    expect(badge('ntfy')).toBe('Not set up');
    expect(badge('Webhook')).toBe('Off');
    const email = screen.getByRole('region', { name: 'E-mail' });
    expect(email).toHaveTextContent('Your reminders go to alex@example.com.');
    expect(within(email).getByRole('link', { name: 'Change it in Profile Settings' })).toHaveAttribute(
      'href',
      '#profile-heading',
    );
  });

  it('says when reminder e-mails are off', async () => {
    stubApi({
      'GET /api/me': { status: 200, body: { profile: aProfile({ reminder_emails: false }), isAdmin: false } },
      'GET /api/push/devices': { status: 200, body: PUSH },
      'GET /api/channels/me': { status: 200, body: noChannels() },
    });
    renderWithClient(<NotificationsCard />);
    const email = screen.getByRole('region', { name: 'E-mail' });
    expect(await within(email).findByText(/Reminder e-mails are off\./)).toBeInTheDocument();
    expect(badge('E-mail')).toBe('Off');
  });

  it("holds the channels' place while they load, then offers to try again when they fail", async () => {
    let fail = true;
    let answer!: (a: { status: number; body?: unknown }) => void;
    stubApi({
      'GET /api/me': { status: 200, body: { profile: aProfile(), isAdmin: false } },
      'GET /api/push/devices': { status: 200, body: PUSH },
      'GET /api/channels/me': () =>
        fail ? new Promise((resolve) => (answer = resolve)) : { status: 200, body: noChannels() },
    });
    const { container } = renderWithClient(<NotificationsCard />);
    await waitFor(() => expect(answer).toBeDefined());
    expect(container.querySelector('.channels-loading')).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull();

    answer({ status: 500, body: { message: 'Internal error' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your Telegram, ntfy and webhook settings could not be loaded.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Telegram' })).toBeInTheDocument();
    expect(container.querySelector('.channels-loading')).toBeNull();
  });
});
