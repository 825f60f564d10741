/** What a reminder costs with its period, annualised; and the dashboard's agenda and summary. */
import { describe, expect, it } from 'vitest';
import { REPEATS } from '../../shared/reminder/terms.ts';
import {
  amountLabel,
  amountShown,
  amountWithPeriod,
  savingShown,
  savingsTotalPence,
  yearlyAmount,
  yearlySavingPence,
} from '../../shared/reminder/money.ts';
import { agendaOf, agendaSummary, type AgendaReminder } from '../../shared/reminder/agenda.ts';

describe('money with its period', () => {
  it('annualises every term to the penny, and a one-off is no yearly cost', () => {
    const yearly = Object.fromEntries(REPEATS.map((r) => [r.value, yearlyAmount(10.99, r.value)]));
    expect(yearly).toEqual({
      none: null,
      weekly: 571.48,
      monthly: 131.88,
      quarterly: 43.96,
      half_yearly: 21.98,
      yearly: 10.99,
      two_yearly: 5.5,
      three_yearly: 3.66,
      five_yearly: 2.2,
    });
  });

  it('says the period after every amount and in the label', () => {
    expect(amountWithPeriod(10.99, 'monthly')).toBe('£10.99/month');
    expect(amountWithPeriod(420, 'yearly')).toBe('£420.00/yr');
    expect(amountWithPeriod(300, 'none')).toBe('£300.00 one-off');
    expect(amountShown(10.99, 'monthly')).toBe('£10.99/month · £131.88/yr');
    expect(amountShown(420, 'yearly')).toBe('£420.00/yr');
    expect(amountShown(null, 'monthly')).toBe('-');
    expect(amountLabel('monthly')).toBe('Amount (£) per month');
    expect(amountLabel('yearly')).toBe('Amount (£) per year');
    expect(amountLabel('quarterly')).toBe('Amount (£) every 3 months');
    expect(amountLabel('monthly', 'Amount saved')).toBe('Amount saved (£) per month');
  });
});

describe('savings keep their period', () => {
  it('counts a saving per term as a year of them; a one-off saving (and an older record) as it is', () => {
    const yearly = Object.fromEntries(REPEATS.map((r) => [r.value, yearlySavingPence(3, r.value)]));
    expect(yearly).toEqual({
      none: 300,
      weekly: 15600,
      monthly: 3600,
      quarterly: 1200,
      half_yearly: 600,
      yearly: 300,
      two_yearly: 150,
      three_yearly: 100,
      five_yearly: 60,
    });
  });

  it('shows a saving per term and per year', () => {
    expect(savingShown(3, 'monthly')).toBe('£3.00/month, £36.00 a year');
    expect(savingShown(120, 'yearly')).toBe('£120.00 a year');
    expect(savingShown(100, 'two_yearly')).toBe('£100.00 every 2 years, £50.00 a year');
    expect(savingShown(50, 'none')).toBe('£50.00');
  });

  it('sums years in pence, exactly', () => {
    const records = [
      { saved_amount: 3, billing: 'monthly' as const },
      { saved_amount: 0.1, billing: 'yearly' as const },
      { saved_amount: 0.2, billing: 'none' as const },
      { saved_amount: 0, billing: 'monthly' as const },
    ];
    expect(savingsTotalPence(records)).toBe(3630);
  });
});

const TODAY = '2027-03-10';
let n = 0;
const reminder = (fields: Partial<AgendaReminder>): AgendaReminder => ({
  id: `r${++n}`,
  title: `Reminder ${n}`,
  // A category with no notice to ask about: these group by their days alone.
  category: 'credit_cards',
  renewal_date: '2027-06-01',
  act_by: null,
  amount: null,
  billing: 'yearly',
  ...fields,
});

describe('the agenda', () => {
  const overdue = reminder({ title: 'Overdue car insurance', renewal_date: '2027-03-01', amount: 500 });
  const today = reminder({ title: 'Due today', renewal_date: TODAY });
  // Renews in 5 weeks, but the notice must go within the week: its act-by date decides.
  const actSoon = reminder({ title: 'Broadband notice', renewal_date: '2027-04-14', act_by: '2027-03-15' });
  const netflix = reminder({
    title: 'Netflix',
    renewal_date: '2027-03-20',
    amount: 10.99,
    billing: 'monthly',
  });
  const energy = reminder({ title: 'Energy fix', renewal_date: '2027-04-09', amount: 1200 });
  const mortgage = reminder({
    title: 'Mortgage deal',
    renewal_date: '2027-09-01',
    amount: 900,
    billing: 'none',
  });

  it('groups by the deadline that matters, shows only groups with items, each by deadline', () => {
    const groups = agendaOf([mortgage, netflix, energy, actSoon, today, overdue], TODAY);
    expect(groups.map((g) => [g.label, g.reminders.map((r) => r.title)])).toEqual([
      ['Needs your answer', ['Overdue car insurance', 'Due today']],
      ['Next 7 days', ['Broadband notice']],
      ['Next 30 days', ['Netflix', 'Energy fix']],
      ['Later', ['Mortgage deal']],
    ]);
    expect(agendaOf([mortgage], TODAY).map((g) => g.label)).toEqual(['Later']);
  });

  it('means by "Next 7 days" and "Next 30 days" what the deadline\'s badge counts: from today, that many days ahead', () => {
    const due = (title: string, fields: Partial<AgendaReminder>) => reminder({ title, ...fields });
    const groups = agendaOf(
      [
        // 2027-03-10 is a Wednesday: a calendar week would end on the 14th, a calendar month on the 31st.
        due('Act today', { act_by: TODAY, renewal_date: '2027-05-01' }),
        due('In 7 days', { renewal_date: '2027-03-17' }),
        due('In 8 days', { renewal_date: '2027-03-18' }),
        due('In 30 days', { renewal_date: '2027-04-09' }),
        due('In 31 days', { renewal_date: '2027-04-10' }),
        // Its act-by date has passed (the row says so): the renewal, 20 days ahead, is what comes next.
        due('Notice missed', { act_by: '2027-03-01', renewal_date: '2027-03-30' }),
      ],
      TODAY,
    );
    expect(groups.map((g) => [g.label, g.reminders.map((r) => r.title)])).toEqual([
      ['Next 7 days', ['Act today', 'In 7 days']],
      ['Next 30 days', ['In 8 days', 'Notice missed', 'In 30 days']],
      ['Later', ['In 31 days']],
    ]);
  });

  it('sums what renews in the next 30 days and the yearly cost, and names the next deadline', () => {
    const summary = agendaSummary([mortgage, netflix, energy, actSoon, today, overdue], TODAY);
    expect(summary.next).toEqual({ reminder: actSoon, days: 5 });
    // Netflix (10.99) and the energy fix (1,200) renew within 30 days; the overdue one has passed.
    expect(summary.renewingSoon).toBe(1210.99);
    // 500 + 131.88 + 1,200 a year; the mortgage deal is a one-off, not a yearly cost.
    expect(summary.yearly).toBe(1831.88);
    expect(agendaSummary([overdue], TODAY).next).toBeNull();
    expect(summary.householdYearly).toBeNull();
  });

  it("counts the reader's share of a shared bill, and the household's total beside it", () => {
    const [alice, bob] = ['a1111111-1111-4111-8111-111111111111', 'b2222222-2222-4222-8222-222222222222'];
    const members = [alice, bob];
    // £1,150.01 a month, split equally: £13,800.12 a year, £6,900.06 each.
    const shared = reminder({
      title: 'Mortgage',
      amount: 1150.01,
      billing: 'monthly',
      renewal_date: '2029-01-01',
      shared: true,
      who_pays: { split: 'equal' },
    });
    // Bob pays the energy in full; Netflix is Alice's own.
    const energyByBob = { ...energy, shared: true, who_pays: { split: 'member' as const, member: bob } };
    const list = [shared, energyByBob, netflix];
    const forAlice = agendaSummary(list, TODAY, { me: alice, members });
    // Bob's list has the household's shared reminders, not Alice's own.
    const forBob = agendaSummary([shared, energyByBob], TODAY, { me: bob, members });
    expect(forAlice.yearly).toBe(7031.94);
    expect(forBob.yearly).toBe(8100.06);
    expect(forAlice.householdYearly).toBe(15000.12);
    expect(forBob.householdYearly).toBe(forAlice.householdYearly);
  });
});
