import { useState } from 'react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { resendError } from '../account-errors.ts';
import { resendConfirmation } from '../session.ts';

/**
 * 'Resend confirmation e-mail' for `email`: a fresh link, and a toast either way (an unknown address
 * reads as sent, as Cognito answers on AWS).
 */
export function ResendConfirmation({ email, className }: { email: string; className: string }) {
  const [resending, setResending] = useState(false);
  const resend = async () => {
    setResending(true);
    try {
      await resendConfirmation(email);
      toast.success(ACCOUNT_MESSAGES.confirmationSent, {
        description: ACCOUNT_MESSAGES.confirmationSentDescription,
      });
    } catch (error) {
      const message = resendError(error);
      if (message === null) {
        toast.success(ACCOUNT_MESSAGES.confirmationSent, {
          description: ACCOUNT_MESSAGES.confirmationSentDescription,
        });
      } else {
        toast.error('Error', { description: message });
      }
    } finally {
      setResending(false);
    }
  };
  return (
    <button type="button" className={className} disabled={resending} onClick={() => void resend()}>
      {ACCOUNT_MESSAGES.resendConfirmation}
    </button>
  );
}
