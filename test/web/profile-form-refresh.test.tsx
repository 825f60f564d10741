/**
 * 'Profile Settings' while the kept copy of the profile is read again: the fresh profile arriving
 * takes the fields the user has not touched, and never overwrites what they are typing.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileForm } from '../../web/src/features/settings/components/ProfileForm.tsx';
import { aProfile } from './fixtures.ts';
import { renderWithClient } from './render.tsx';

describe('the profile form when a fresh profile arrives', () => {
  it('keeps what the user changed and takes the rest from the fresh profile', async () => {
    const kept = aProfile({ first_name: 'Alex', last_name: 'Smith' });
    const { rerender } = renderWithClient(<ProfileForm profile={kept} refreshing />);
    const user = userEvent.setup();
    const first = screen.getByLabelText(/^First Name/);
    await user.clear(first);
    await user.type(first, 'Jo');

    // The fresh copy: changed elsewhere meanwhile (the last name), the first name as it was.
    rerender(<ProfileForm profile={{ ...kept, last_name: 'Jones' }} />);

    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Jo');
    expect(screen.getByLabelText(/^Last Name/)).toHaveValue('Jones');
  });

  it('an emptied field stays empty, so saving says what is missing', async () => {
    const kept = aProfile({ first_name: 'Alex' });
    const { rerender } = renderWithClient(<ProfileForm profile={kept} refreshing />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^First Name/));
    rerender(<ProfileForm profile={{ ...kept }} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
  });
});
