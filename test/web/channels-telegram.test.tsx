/**
 * Telegram in the Notifications card, the API stubbed: 'Connect Telegram' shows the one-time link
 * (opening in a new tab, 'Copy link', how long it works), the channels are read again every few
 * seconds while it waits (not while the page is hidden) until the chat shows as connected; a site
 * without a bot says so; 'Disconnect' asks first; a chat the server turned off says why.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager, notifyManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_MESSAGES, type Channels } from '#shared/channels/kinds.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { TELEGRAM_POLL_MS } from '../../web/src/features/notifications/api/channels.ts';
import { AlertChannels } from '../../web/src/features/notifications/components/NotificationsCard.tsx';
import { aTelegram, noChannels } from './channels-fixtures.ts';
import { stubApi } from './inbox-fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
/**
 * A fake clock for the link's 15 minutes and the polls. The query client hands its results to
 * React on a timer of its own: that one goes as a microtask, so the fake clock does not hold it.
 * (Testing Library's waits and user-event wait on a real timer: these tests click with fireEvent
 * and let the clock run instead.)
 */
function fakeClock() {
  notifyManager.setScheduler(queueMicrotask);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-29T08:00:00.000Z'));
}

/** Moves the fake clock on by `ms`, running what falls due and the promises it settles. */
const tick = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Renders the channels and presses 'Connect Telegram' on the fake clock. */
async function connectOnFakeClock() {
  renderWithClient(<AlertChannels />);
  await tick();
  const section = screen.getByRole('region', { name: 'Telegram' });
  fireEvent.click(within(section).getByRole('button', { name: 'Connect Telegram' }));
  await tick();
  return section;
}

afterEach(() => {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

const LINK = {
  link: 'https://t.me/RenewalRemindersBot?start=Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
  bot: 'RenewalRemindersBot',
  expires_at: '2026-11-29T08:15:00.000Z',
};

const telegram = () => screen.findByRole('region', { name: 'Telegram' });

describe("Telegram's 'Connect Telegram'", () => {
  it('shows the one-time link, then reads the channels while waiting and shows the chat once connected', async () => {
    fakeClock();
    let channels: Channels = noChannels();
    const api = stubApi({
      'GET /api/channels/me': () => ({ status: 200, body: channels }),
      'POST /api/channels/telegram/connect': { status: 200, body: LINK },
    });
    const section = await connectOnFakeClock();

    const open = within(section).getByRole('link', { name: /Open @RenewalRemindersBot in Telegram/ });
    expect(open).toHaveAttribute('href', LINK.link);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAccessibleName('Open @RenewalRemindersBot in Telegram (opens in a new tab)');
    expect(section).toHaveTextContent('It works once, for 15 minutes (until 08:15).');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    fireEvent.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK.link);

    // Not bound yet: each poll reads the channels again, and the link stays.
    const reads = () => api.sent('GET', '/api/channels/me').length;
    const before = reads();
    await tick(TELEGRAM_POLL_MS);
    expect(reads()).toBe(before + 1);
    expect(within(section).getByRole('link', { name: /Open @RenewalRemindersBot/ })).toBeInTheDocument();

    // Hidden page: no reads.
    act(() => focusManager.setFocused(false));
    await tick(TELEGRAM_POLL_MS * 3);
    expect(reads()).toBe(before + 1);
    act(() => focusManager.setFocused(true));

    // Start pressed in Telegram: the next read shows the chat.
    channels = noChannels({ telegram: aTelegram({ chat_name: '@alex_k' }) });
    await tick(TELEGRAM_POLL_MS);
    expect(within(section).getByText('Connected as @alex_k')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /Open @RenewalRemindersBot/ })).toBeNull();
    expect(within(section).getByText('On')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Send a test to Telegram' })).toBeInTheDocument();

    // Connected: no more polling.
    const after = reads();
    await tick(TELEGRAM_POLL_MS * 3);
    expect(reads()).toBe(after);
  });

  it('says the link expired after 15 minutes, stops reading, and offers a new one', async () => {
    fakeClock();
    const api = stubApi({
      'GET /api/channels/me': { status: 200, body: noChannels() },
      'POST /api/channels/telegram/connect': { status: 200, body: LINK },
    });
    const section = await connectOnFakeClock();
    expect(within(section).getByRole('link', { name: /Open @RenewalRemindersBot/ })).toBeInTheDocument();
    // Away in Telegram (this page hidden) for the link's 15 minutes, then back.
    act(() => focusManager.setFocused(false));
    await tick(15 * 60_000);
    expect(
      within(section).getByText('The link has expired. Press Connect Telegram for a new one.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /Open @RenewalRemindersBot/ })).toBeNull();
    act(() => focusManager.setFocused(true));
    await tick();
    const reads = api.sent('GET', '/api/channels/me').length;
    await tick(TELEGRAM_POLL_MS * 3);
    expect(api.sent('GET', '/api/channels/me')).toHaveLength(reads);
    expect(within(section).getByRole('button', { name: 'Connect Telegram' })).toBeEnabled();
  });

  it("shows the product's message instead of the button where the site has no bot", async () => {
    stubApi({ 'GET /api/channels/me': { status: 200, body: noChannels({ telegram_available: false }) } });
    renderWithClient(<AlertChannels />);
    const section = await telegram();
    expect(section).toHaveTextContent(CHANNEL_MESSAGES.telegramUnavailable);
    expect(within(section).queryByRole('button', { name: 'Connect Telegram' })).toBeNull();
  });

  it('says the same when connecting answers 404', async () => {
    stubApi({
      'GET /api/channels/me': { status: 200, body: noChannels() },
      'POST /api/channels/telegram/connect': {
        status: 404,
        body: { message: CHANNEL_MESSAGES.telegramUnavailable },
      },
    });
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const section = await telegram();
    await user.click(within(section).getByRole('button', { name: 'Connect Telegram' }));
    expect(await within(section).findByText(CHANNEL_MESSAGES.telegramUnavailable)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Connect Telegram' })).toBeNull();
  });
});

describe("Telegram's 'Disconnect'", () => {
  it('asks first; Cancel keeps the chat, confirming removes it', async () => {
    let channels: Channels = noChannels({ telegram: aTelegram() });
    const api = stubApi({
      'GET /api/channels/me': () => ({ status: 200, body: channels }),
      'DELETE /api/channels/telegram': () => {
        channels = noChannels();
        return { status: 204 };
      },
    });
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const section = await telegram();
    expect(within(section).getByText('Connected as Alex')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Disconnect Telegram' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Telegram?' });
    expect(dialog).toHaveTextContent('Your renewal reminders stop arriving in Telegram.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.sent('DELETE', '/api/channels/telegram')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Disconnect Telegram' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Telegram?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.sent('DELETE', '/api/channels/telegram')).toHaveLength(1);
    expect(await within(section).findByRole('button', { name: 'Connect Telegram' })).toBeInTheDocument();
    expect(within(section).queryByText('Connected as Alex')).toBeNull();
    expect(await screen.findByText('Telegram disconnected')).toBeInTheDocument();
  });
});

describe('a Telegram chat the server turned off', () => {
  it('says why, and offers to connect again', async () => {
    stubApi({
      'GET /api/channels/me': {
        status: 200,
        body: noChannels({
          telegram: aTelegram({ status: 'off', off_reason: 'Telegram says the bot was blocked' }),
        }),
      },
    });
    renderWithClient(<AlertChannels />);
    const section = await telegram();
    expect(section).toHaveTextContent('Turned off: Telegram says the bot was blocked');
    expect(within(section).getByText('Off')).toBeInTheDocument();
    expect(within(section).queryByText(/^Connected/)).toBeNull();
    expect(within(section).getByRole('button', { name: 'Connect Telegram' })).toBeInTheDocument();
  });
});
