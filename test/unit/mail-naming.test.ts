/**
 * How a mail names a contract: an import from a tracker with no provider field has the same name as
 * title and provider, and its mails say 'Gym renews', not 'Gym with Gym renews'.
 */
import { describe, expect, it } from 'vitest';
import { reminderSubject, reminderText } from '../../lambdas/mail/reminder.ts';
import { savingsText } from '../../lambdas/mail/savingsFollowUp.ts';

const reminder = (title: string, provider: string) => ({
  title,
  provider,
  category: 'subscriptions' as const,
  renewal_date: '2031-01-15',
  amount: null,
  act_by: null,
  auto_renew: false,
  last_term_amount: null,
});

describe('a contract named in a mail', () => {
  it('leaves the provider out when it is the title itself, in any case or spacing', () => {
    expect(reminderSubject({ reminder: reminder('Gym', ' gym '), daysLeft: 7 })).toBe(
      'Your Gym renews in 7 days (Wednesday 15 January 2031)',
    );
    expect(reminderText(reminder('Gym', 'GYM'), 7, 'u', 'c').named).toBe('Gym');
    expect(savingsText(reminder('Gym', 'Gym'), 'u').named).toBe('Gym');
  });

  it('names a different provider', () => {
    expect(reminderSubject({ reminder: reminder('Gym', 'PureGym'), daysLeft: 7 })).toBe(
      'Your Gym with PureGym renews in 7 days (Wednesday 15 January 2031)',
    );
    expect(reminderText(reminder('Gym', 'PureGym'), 7, 'u', 'c').named).toBe('Gym with PureGym');
    expect(savingsText(reminder('Gym', 'PureGym'), 'u').named).toBe('Gym with PureGym');
  });
});
