/**
 * The notice watchdog's rule: per category, the day the notice should have come by; the question
 * from that day (not the day before) until it is answered for this renewal or the term rolls on;
 * never for a reminder with no known end or a category without a notice rule. And the routes a 'No'
 * shows, each category's with its official addresses.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { actionsDue } from '../../shared/reminder/actions.ts';
import { agendaGroupOf } from '../../shared/reminder/agenda.ts';
import { rolled } from '../../shared/reminder/outcome.ts';
import {
  INSURANCE_RENEWAL_NOTICE_DAYS,
  noticeAnswerLine,
  noticeDueDate,
  noticeQuestion,
  noticeQuestionDue,
  type NoticeAnswer,
} from '../../shared/reminder/noticeWatch.ts';
import { addDays, ROLL_AFTER_DAYS } from '../../shared/reminder/schedule.ts';
import { END_OF_CONTRACT_NOTICE_DAYS, END_OF_FIX_NOTICE_DAYS } from '../../shared/reminder/windows.ts';
import { COMPLAINT_ROUTES, complaintRouteOf, providerStep } from '../../shared/rights/complaints.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';

const END = '2031-06-30';

const reminder = (over: Partial<Reminder> = {}): Reminder => ({
  id: 'r1',
  user_id: 'u1',
  title: 'Broadband',
  category: 'broadband_mobile',
  provider: 'BT',
  renewal_date: END,
  amount: 30,
  notes: null,
  ...oneOffContract(END),
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  ...over,
});

const answered = (renewal: string, answer: NoticeAnswer['answer'] = 'yes'): NoticeAnswer => ({
  answer,
  renewal_date: renewal,
  answered_at: '2031-06-20T09:00:00.000Z',
  answered_by: null,
});

const CASES = [
  { category: 'broadband_mobile', days: END_OF_CONTRACT_NOTICE_DAYS, expected: 10 },
  { category: 'utilities_energy', days: END_OF_FIX_NOTICE_DAYS, expected: 42 },
  { category: 'insurance', days: INSURANCE_RENEWAL_NOTICE_DAYS, expected: 21 },
] as const;

describe('noticeQuestionDue', () => {
  it.each(CASES)(
    '$category: due $expected days before the end, not the day before',
    ({ category, days, expected }) => {
      expect(days).toBe(expected);
      const r = reminder({ category });
      const due = addDays(END, -expected);
      expect(noticeDueDate(r)).toBe(due);
      expect(noticeQuestionDue(r, addDays(due, -1))).toBe(false);
      expect(noticeQuestionDue(r, due)).toBe(true);
      expect(noticeQuestionDue(r, END)).toBe(true);
    },
  );

  it.each(CASES)(
    '$category: not once answered for this renewal, again for an answer of an earlier one',
    ({ category, expected }) => {
      const due = addDays(END, -expected);
      expect(noticeQuestionDue(reminder({ category, notice_answer: answered(END) }), due)).toBe(false);
      expect(noticeQuestionDue(reminder({ category, notice_answer: answered(END, 'no') }), due)).toBe(false);
      expect(noticeQuestionDue(reminder({ category, notice_answer: answered('2030-06-30') }), due)).toBe(
        true,
      );
    },
  );

  it.each(CASES)('$category: not after the term rolls on', ({ category, expected }) => {
    const due = addDays(END, -expected);
    const r = reminder({ category, notice_answer: answered(END), repeats: 'yearly', date_kind: 'renewal' });
    const next = rolled(
      r,
      { renewal_date: '2032-06-30', provider: null, amount: null, reanchor: false },
      new Date(),
    );
    expect(next.notice_answer).toBeNull();
    expect(noticeQuestionDue(next, due)).toBe(false);
    expect(noticeQuestionDue(next, addDays(END, 1))).toBe(false);
    // A term still unanswered stops asking when a repeating one would have rolled on.
    expect(noticeQuestionDue(reminder({ category }), addDays(END, ROLL_AFTER_DAYS))).toBe(true);
    expect(noticeQuestionDue(reminder({ category }), addDays(END, ROLL_AFTER_DAYS + 1))).toBe(false);
  });

  it('never without a known end, for a category without a notice rule, or once cancelled', () => {
    const due = addDays(END, -10);
    const rolling = reminder({ date_kind: 'next_payment', billing: 'monthly', repeats: 'monthly' });
    expect(noticeDueDate(rolling)).toBeNull();
    expect(noticeQuestionDue(rolling, due)).toBe(false);
    expect(noticeQuestionDue(reminder({ ask_deal_end: true }), due)).toBe(false);
    for (const category of ['mortgage', 'credit_cards', 'subscriptions', 'car_tax_mot'] as const) {
      expect(noticeDueDate(reminder({ category }))).toBeNull();
      expect(noticeQuestionDue(reminder({ category }), addDays(END, -5))).toBe(false);
    }
    expect(noticeQuestionDue(reminder({ archived_at: '2031-06-01T00:00:00.000Z' }), due)).toBe(false);
  });

  it('names the provider, or the title when the provider is blank', () => {
    expect(noticeQuestion(reminder())).toBe('Did BT send your end-of-contract notice?');
    expect(noticeQuestion(reminder({ provider: ' ' }))).toBe(
      'Did Broadband send your end-of-contract notice?',
    );
    expect(noticeAnswerLine(reminder(), 'yes_with_letter')).toBe('You told us BT sent the notice');
    expect(noticeAnswerLine(reminder(), 'no')).toBe('You told us BT didn’t send the notice');
  });
});

describe('the dashboard', () => {
  it('asks under Needs your answer from the due day; an answer moves it back to its days', () => {
    const due = addDays(END, -10);
    expect(agendaGroupOf(reminder(), addDays(due, -1))).toBe('next_month');
    expect(agendaGroupOf(reminder(), due)).toBe('needs_answer');
    expect(agendaGroupOf(reminder({ notice_answer: answered(END) }), due)).toBe('next_month');
  });

  it('takes the notice check off This week once the question is asked, or answered', () => {
    const due = addDays(END, -10);
    const kinds = (r: Reminder, on: string) => actionsDue([r], on).map((a) => a.kind);
    expect(kinds(reminder(), addDays(due, -1))).toEqual(['end_of_contract_notice']);
    expect(kinds(reminder(), due)).toEqual([]);
    expect(kinds(reminder({ notice_answer: answered(END, 'no') }), addDays(due, -1))).toEqual([]);
    const energy = reminder({ category: 'utilities_energy' });
    expect(kinds(energy, addDays(END, -43))).toEqual(['no_exit_fees', 'end_of_fix_notice']);
    expect(kinds(energy, addDays(END, -42))).toEqual(['no_exit_fees']);
  });
});

describe('the complaint routes', () => {
  it('has one per category with a notice rule, each scheme at its official https address', () => {
    expect(Object.keys(COMPLAINT_ROUTES).sort()).toEqual(CASES.map((c) => c.category).sort());
    const names = (category: string) => complaintRouteOf(category)!.schemes.map((s) => s.name);
    expect(names('broadband_mobile')).toEqual(['the Communications Ombudsman', 'CISAS']);
    expect(names('utilities_energy')).toEqual(['the Energy Ombudsman']);
    expect(names('insurance')).toEqual(['the Financial Ombudsman Service']);
    for (const route of Object.values(COMPLAINT_ROUTES)) {
      for (const link of [...route.schemes, route.source]) expect(link.url).toMatch(/^https:\/\/www\./);
      expect(route.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(complaintRouteOf('subscriptions')).toBeUndefined();
  });

  it('starts with the provider’s own complaint and the weeks it has', () => {
    expect(providerStep('Octopus', complaintRouteOf('utilities_energy')!)).toBe(
      'Complain to Octopus in writing: say the notice never came, and keep a copy. Give them 8 weeks to answer.',
    );
    expect(providerStep('BT', complaintRouteOf('broadband_mobile')!)).toMatch(/Give them 6 weeks/);
  });
});
