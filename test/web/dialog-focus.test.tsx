/**
 * A dialog opened by a button of the page (no Radix Trigger: the page holds `open`) gives focus back
 * to that button when Escape closes it, as one opened by its own Trigger does: the reminder dialog
 * and the import dialog (each a lazy chunk of its own), and a confirmation.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { setApiAuth } from '../../web/src/api/client.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { ConfirmDialog } from '../../web/src/components/ConfirmDialog.tsx';
import { ImportDialog, ReminderDialog } from '../../web/src/features/reminders/components/lazy-dialogs.tsx';
import { NO_HOUSEHOLD } from './fixtures.ts';
import { renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });

type Opened = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

const DIALOGS: [string, Opened, string, 'dialog' | 'alertdialog'][] = [
  [
    'the reminder dialog',
    ({ open, onOpenChange }) => <ReminderDialog open={open} reminder={null} onOpenChange={onOpenChange} />,
    'Add New Reminder',
    'dialog',
  ],
  ['the import dialog', ImportDialog, 'Import reminders', 'dialog'],
  [
    'a confirmation',
    ({ open, onOpenChange }) => (
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Leave household?"
        description="You will no longer see its shared renewals."
        confirmLabel="Leave"
        busy={false}
        onConfirm={() => undefined}
      />
    ),
    'Leave household?',
    'alertdialog',
  ],
];

function Page({ Dialog }: { Dialog: Opened }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Dialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('focus after Escape', () => {
  it.each(DIALOGS)('%s gives it back to the button that opened it', async (_, Dialog, title, role) => {
    // (The import dialog reads the list, to find duplicates.)
    stubFetch(200, { reminders: [] });
    renderWithClient(<Page Dialog={Dialog} />, [[householdQueryKey, NO_HOUSEHOLD]]);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Open it' });
    await user.click(opener);
    const dialog = await screen.findByRole(role, { name: title });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole(role)).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
