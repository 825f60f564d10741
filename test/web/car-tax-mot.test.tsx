/**
 * A car's MOT and its tax in the reminder dialog: 'What is due?' for Car Tax / MOT only, the MOT's
 * window offered for the MOT and not for the car tax, what is sent; an edit of a reminder stored
 * before the question shows what its title says; a choice against the kept registration is refused on
 * the field; 'Add both' says which reminder is which. On the reminder page, 'Your action window' has
 * the MOT's day for the MOT only.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { VEHICLE_MESSAGES, type VehicleDates } from '#shared/vehicles.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { publicConfigQueryKey } from '../../web/src/api/get-public-config.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { ActionTimeline } from '../../web/src/features/reminders/components/ActionTimeline.tsx';
import { ReminderDialog } from '../../web/src/features/reminders/components/ReminderDialog.tsx';
import { aReminder } from '../support/builders.ts';
import { NO_HOUSEHOLD, PUBLIC_CONFIG } from './fixtures.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

function open(reminder: Reminder | null = null, vehicleLookup = false) {
  renderWithClient(<ReminderDialog open reminder={reminder} onOpenChange={vi.fn()} />, [
    [householdQueryKey, NO_HOUSEHOLD],
    [publicConfigQueryKey, { ...PUBLIC_CONFIG, vehicleLookup }],
  ]);
  return userEvent.setup();
}

const field = (label: RegExp | string) => screen.getByLabelText(label);
const whatIsDue = () => screen.queryByLabelText('What is due?');
const windowsBox = () => screen.queryByLabelText('Also tell me the best day to act');
const MOT_WINDOW = 'You can take your MOT from today and keep your date';

const CAR: Reminder = aReminder({
  title: 'Ford MOT',
  category: 'car_tax_mot',
  provider: 'DVSA',
  renewal_date: '2030-03-14',
  amount: null,
  notes: null,
});

describe("the dialog's 'What is due?'", () => {
  it('asks it for Car Tax / MOT only, offers the MOT’s window for the MOT only, and sends the choice', async () => {
    const fetchMock = stubFetch(201, { reminder: CAR });
    const user = open();
    expect(whatIsDue()).toBeNull();
    await user.selectOptions(field(/^Category/), 'car_tax_mot');
    expect(whatIsDue()).toHaveValue('');
    expect([...(whatIsDue() as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Choose MOT or Car tax',
      'MOT',
      'Car tax',
    ]);

    await user.selectOptions(whatIsDue()!, 'mot');
    expect(windowsBox()).toHaveAccessibleDescription(expect.stringContaining(MOT_WINDOW));
    await user.selectOptions(whatIsDue()!, 'tax');
    expect(windowsBox()).toBeNull();

    await user.type(field(/^Title/), 'Ford car tax');
    await user.type(field(/^Provider/), 'DVLA');
    await user.type(field(/^(Deal ends|Renews on|Next payment) \*$/), '2030-02-01');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await screen.findByText('Reminder created successfully');
    expect(onlyRequest(fetchMock).body).toMatchObject({ category: 'car_tax_mot', vehicle_date: 'tax' });
  });

  it('shows what the title of a reminder stored before the question says, and sends it', async () => {
    const fetchMock = stubFetch(200, { reminder: CAR });
    const user = open({ ...CAR, vehicle_date: null });
    expect(whatIsDue()).toHaveValue('mot');
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    await screen.findByText('Reminder updated successfully');
    expect(onlyRequest(fetchMock).body).toMatchObject({ vehicle_date: 'mot' });
  });

  it('refuses the other date while the registration is kept to follow this one, on the field', async () => {
    const fetchMock = stubFetch(200, { reminder: CAR });
    const kept = {
      ...CAR,
      vehicle_date: 'mot',
      kept_vehicle: { registration: 'AB12CDE', follows: 'mot' },
    } as const;
    const user = open(kept);
    await user.selectOptions(whatIsDue()!, 'tax');
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    await waitFor(() =>
      expect(whatIsDue()).toHaveAccessibleDescription(
        expect.stringContaining(VEHICLE_MESSAGES.whatIsDueNotKept),
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("'Add both'", () => {
  it('makes the MOT and the car tax, each saying which it is', async () => {
    const dates: VehicleDates = {
      registration: 'AB12CDE',
      make: 'FORD',
      mot_due: '2027-03-14',
      mot_estimated: false,
      tax_due: '2027-02-01',
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const body = String(input).endsWith('/api/vehicles/lookup') ? dates : { reminder: CAR };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = open(null, true);
    await user.selectOptions(field(/^Category/), 'car_tax_mot');
    await user.type(await screen.findByLabelText('Registration number'), 'ab12 cde');
    await user.click(screen.getByRole('button', { name: 'Look up MOT and tax dates' }));
    await user.click(await screen.findByRole('button', { name: 'Add both' }));
    await screen.findByText('MOT and car tax reminders created');
    const saved = fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/api/reminders'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(saved.map((r) => [r.title, r.vehicle_date])).toEqual([
      ['Ford MOT', 'mot'],
      ['Ford car tax', 'tax'],
    ]);
  });
});

describe("'Your action window' of a car", () => {
  const timeline = (over: Partial<Reminder>) => {
    render(<ActionTimeline reminder={{ ...CAR, renewal_date: '2099-05-15', ...over }} />);
    return screen.getByRole('region', { name: 'Your action window' }).textContent;
  };

  it('has the MOT’s day for the MOT', () => {
    expect(timeline({ vehicle_date: 'mot' })).toContain(MOT_WINDOW);
  });

  it('has none for the car tax, and says so of the car tax', () => {
    const text = timeline({ title: 'Ford car tax', vehicle_date: 'tax' });
    expect(text).not.toContain(MOT_WINDOW);
    expect(text).toContain('No day for car tax beats your own reminders that we could source.');
  });

  it('asks what is due of one that does not say', () => {
    const text = timeline({ title: 'Ford', vehicle_date: null });
    expect(text).not.toContain(MOT_WINDOW);
    expect(text).toContain('Choose what is due (Edit, MOT or Car tax): an MOT has a day of its own.');
  });
});
