/**
 * 'Your rights and what to say' on the reminder page: for every category its rules with their sources
 * and review dates, a script filled in for the reminder, and the messages that fit, each in a
 * disclosure with 'Copy' (to the clipboard) and 'Download' (a .txt file) named for it; nothing is
 * sent. A cancelled reminder has no kit.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote, ReminderDetails } from '#shared/api.ts';
import { CATEGORY_VALUES } from '#shared/reminder/categories.ts';
import { DEFAULT_CONTRACT } from '#shared/reminder/contract.ts';
import { RIGHTS, rulesFor } from '#shared/rights/rules.ts';
import { whatToSay } from '#shared/rights/scripts.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { RightsKit } from '../../web/src/features/reminders/components/RightsKit.tsx';
import { downloadFile } from '../../web/src/utils/download.ts';
import { aReminder } from '../support/builders.ts';
import { renderWithClient } from './render.tsx';
import { openReminderPage } from './reminder-page.tsx';

vi.mock('../../web/src/utils/download.ts', () => ({ downloadFile: vi.fn() }));
setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const OFFER: Quote = {
  id: 'q1',
  reminder_id: aReminder().id,
  renewal_date: '2030-03-14',
  provider: 'Aviva',
  price: 520,
  quoted_on: '2030-02-10',
  notes: null,
  renewal_offer: true,
  created_at: '2030-02-10T09:00:00.000Z',
};
const CHEAPER: Quote = { ...OFFER, id: 'q2', provider: 'Admiral', price: 412, renewal_offer: false };

const kit = () => screen.getByRole('region', { name: 'Your rights and what to say' });

describe.each(CATEGORY_VALUES)('the %s kit', (category) => {
  it('lists its rules with sources and review dates, a filled script, and its messages', async () => {
    const reminder = aReminder({ category, ...DEFAULT_CONTRACT[category] });
    renderWithClient(<RightsKit reminder={reminder} quotes={[]} />);
    const region = within(kit());
    expect(region.getByRole('heading', { level: 2, name: 'Your rights and what to say' })).toBeVisible();
    expect(region.getByRole('heading', { level: 3, name: 'Your rights' })).toBeVisible();
    expect(region.getByRole('heading', { level: 3, name: 'What to say' })).toBeVisible();
    const rules = rulesFor(reminder);
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(region.getByText(rule.says)).toBeVisible();
      for (const link of region.getAllByRole('link', { name: `${rule.source.name} (opens in a new tab)` })) {
        expect(link).toHaveAttribute('href', rule.source.url);
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    }
    expect(region.getAllByText(/reviewed/)).toHaveLength(rules.length);
    const said = whatToSay(reminder, []);
    expect(kit().querySelector('.rights-script')).toHaveTextContent(said.script);
    expect(kit()).toHaveTextContent('Thursday 14 March 2030');
    expect(kit().textContent).not.toMatch(/\bnull\b|\bundefined\b|NaN/);
    // Each message is a closed disclosure named by its title; opened, its own Copy and Download.
    const summaries = [...kit().querySelectorAll('details > summary')];
    expect(summaries.map((s) => s.textContent)).toStrictEqual(said.messages.map((m) => m.title));
    for (const summary of summaries) expect(summary.parentElement).not.toHaveAttribute('open');
    const user = userEvent.setup();
    for (const summary of summaries) await user.click(summary);
    for (const m of said.messages) {
      expect(region.getByRole('button', { name: `Copy: ${m.title}` })).toBeInTheDocument();
      expect(region.getByRole('button', { name: `Download .txt: ${m.title}` })).toBeInTheDocument();
    }
  });
});

describe('the messages', () => {
  it('copies a message filled with the provider, date, renewal offer and cheapest quote', async () => {
    renderWithClient(<RightsKit reminder={aReminder()} quotes={[OFFER, CHEAPER]} />);
    // user-event puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const disclosure = screen.getByText('Ask for the new-customer price', { selector: 'summary' });
    expect(disclosure.closest('details')).not.toHaveAttribute('open');
    await user.click(disclosure);
    expect(disclosure.closest('details')).toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Copy: Ask for the new-customer price' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0]![0];
    expect(copied).toContain('Dear Aviva,');
    expect(copied).toContain('My Home insurance policy renews on Thursday 14 March 2030.');
    expect(copied).toContain('The renewal price you have offered me is £520.00/yr.');
    expect(copied).toContain('[your policy number]');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await user.click(screen.getByText('Ask for a retention offer', { selector: 'summary' }));
    await user.click(screen.getByRole('button', { name: 'Copy: Ask for a retention offer' }));
    expect(writeText.mock.calls[1]![0]).toContain('I have a quote from Admiral at £412.00/yr.');
  });

  it('says so when the clipboard refuses', async () => {
    renderWithClient(<RightsKit reminder={aReminder()} quotes={[]} />);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByText('Cancel auto-renewal', { selector: 'summary' }));
    await user.click(screen.getByRole('button', { name: 'Copy: Cancel auto-renewal' }));
    expect(await screen.findByText(/Could not copy the message/)).toBeInTheDocument();
  });

  it('downloads a message as a .txt file named for the reminder and the message', async () => {
    renderWithClient(<RightsKit reminder={aReminder()} quotes={[]} />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Cancel auto-renewal', { selector: 'summary' }));
    await user.click(screen.getByRole('button', { name: 'Download .txt: Cancel auto-renewal' }));
    const message = whatToSay(aReminder(), []).messages.find((m) => m.kind === 'cancel_auto_renewal')!;
    expect(downloadFile).toHaveBeenCalledWith(
      message.text,
      'home-insurance-cancel-auto-renewal.txt',
      'text/plain;charset=utf-8',
    );
  });

  it('has none for a car, whose kit is its rules and the script', () => {
    const car = aReminder({ category: 'car_tax_mot', ...DEFAULT_CONTRACT.car_tax_mot, vehicle_date: 'mot' });
    renderWithClient(<RightsKit reminder={car} quotes={[]} />);
    expect(kit().querySelectorAll('details')).toHaveLength(0);
    expect(within(kit()).queryByRole('button')).toBeNull();
    expect(kit()).toHaveTextContent('a test on or after Friday 15 February 2030');
    expect(within(kit()).getAllByRole('listitem')).toHaveLength(1);
    expect(RIGHTS.car_tax_mot.length).toBeGreaterThan(1);
  });
});

describe("the reminder's page", () => {
  const open = (details: ReminderDetails) => openReminderPage(details);
  const details = (over = {}): ReminderDetails => ({
    reminder: aReminder(over),
    next_mail: null,
    history: [],
    snoozes: [],
    quotes: [OFFER],
  });

  it('shows the kit with the renewal’s quotes', async () => {
    open(details());
    await screen.findByRole('heading', { name: 'Home insurance', level: 1 });
    expect(kit()).toHaveTextContent('the renewal price is £520.00/yr');
  });

  it('shows none for a cancelled reminder', async () => {
    open(details({ archived_at: '2030-01-01T00:00:00.000Z' }));
    await screen.findByRole('heading', { name: 'Home insurance', level: 1 });
    expect(screen.queryByRole('region', { name: 'Your rights and what to say' })).toBeNull();
  });
});
