import { useState } from 'react';
import { toast } from 'sonner';
import { SESSION_MESSAGES } from '#shared/sessions.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { signOutOfEverySession } from '../../auth/index.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

/**
 * 'Sign out everywhere': every device and browser signed in to the account is signed out, this one
 * too, at once (decision 0050); the user then signs in again with their password.
 */
export function SignOutEverywhereCard() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    setBusy(true);
    try {
      await signOutOfEverySession();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <SettingsCard headingId="sessions-heading" title={SESSION_MESSAGES.signOutEverywhere}>
      <p className="muted card-description">
        Signs your account out on every device and browser, this one included. Use it if you signed in
        somewhere you no longer trust.
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={busy}
        onConfirm={() => void onConfirm()}
        title={`${SESSION_MESSAGES.signOutEverywhere}?`}
        description="Every device and browser signed in to your account is signed out, this one too. You then sign in again with your password."
        confirmLabel={SESSION_MESSAGES.signOutEverywhere}
        tone="primary"
        trigger={
          <button type="button" className="btn btn-outline" disabled={busy}>
            {SESSION_MESSAGES.signOutEverywhere}
          </button>
        }
      />
    </SettingsCard>
  );
}
