/**
 * The reminder dialog's test files (reminder-dialog, reminder-dialog-options) share this kit: the
 * dialog opened outside a household, its fields by label, the messages on them, and the network
 * stubs cleared around each test.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { reminderFormSchema } from '#shared/schemas/reminder.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { ReminderDialog } from '../../web/src/features/reminders/components/ReminderDialog.tsx';
import { aReminder } from '../support/builders.ts';
import { NO_HOUSEHOLD } from './fixtures.ts';
import { renderWithClient } from './render.tsx';

/**
 * The file's sign-in and its stubs cleared before and after each test. Called by each file (hooks
 * a shared module registered on import would belong to the first file of the worker only).
 */
export function setUpDialogTests(): void {
  setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());
}

export const REMINDER: Reminder = aReminder();

export function open(reminder: Reminder | null = null) {
  const onOpenChange = vi.fn();
  // Not in a household (test/web/shared-reminders.test.tsx covers sharing).
  renderWithClient(<ReminderDialog open reminder={reminder} onOpenChange={onOpenChange} />, [
    [householdQueryKey, NO_HOUSEHOLD],
  ]);
  return { onOpenChange, user: userEvent.setup() };
}

export const field = (label: RegExp) => screen.getByLabelText(label);
/** The date field, labelled by what the date is: 'Deal ends', 'Renews on' or 'Next payment'. */
export const DATE = /^(Deal ends|Renews on|Next payment)/;
export const errorOf = (label: RegExp) => {
  const control = field(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

/** The main fields' values, in the dialog's order: title, category, provider, date, amount, notes. */
export function expectMainFields(values: string[]): void {
  const labels = [/^Title/, /^Category/, /^Provider/, DATE, /^Amount/, /^Notes/];
  labels.forEach((label, i) => expect(field(label), String(label)).toHaveValue(values[i]));
}

/** The message the schema gives for one bad value (zod's own wording for the length limits). */
export function schemaMessage(values: Record<string, string>, path: string): string {
  const result = reminderFormSchema.safeParse(values);
  const issue = result.error?.issues.find((i) => i.path[0] === path);
  if (!issue) throw new Error(`no issue for ${path}`);
  return issue.message;
}

/** Fills the main fields with a PureGym subscription renewing on 31/01/2030. */
export async function fillGym(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(field(/^Title/), 'Gym');
  await user.selectOptions(field(/^Category/), 'subscriptions');
  await user.type(field(/^Provider/), 'PureGym');
  await user.type(field(DATE), '2030-01-31');
}
