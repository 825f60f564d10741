/**
 * What the account screens say about a failed Cognito call. Decided by the error's name (Amplify
 * gives a Cognito error the service's exception name), never by its message: the message differs
 * between AWS and the local stand-in, and between releases.
 */
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { MESSAGES } from '#shared/schemas/fields.ts';
import { errorMessage } from '../../utils/errorMessage.ts';
import { NOT_CONFIRMED } from './not-confirmed.ts';

export { NOT_CONFIRMED };

/** Cognito's rate limits: too many requests for this user or this address, or too many wrong codes. */
const RATE_LIMITED = new Set([
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
]);

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

export function isRateLimited(error: unknown): boolean {
  return RATE_LIMITED.has(nameOf(error));
}

/** A failure shown on one field of the form, or on the whole form (`field` absent). */
export interface MappedError<TField extends string> {
  field?: TField;
  message: string;
}

/** Sign-in: a wrong password and an unknown address read the same. */
export function signInError(error: unknown): string {
  const name = nameOf(error);
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') {
    return ACCOUNT_MESSAGES.incorrectCredentials;
  }
  if (name === NOT_CONFIRMED) return ACCOUNT_MESSAGES.emailNotConfirmed;
  if (isRateLimited(error)) return ACCOUNT_MESSAGES.tooManyAttempts;
  return errorMessage(error);
}

/**
 * 'Send reset code': null when the next step is the code form. An unknown address, or one with no
 * confirmed e-mail (Cognito's InvalidParameterException), goes on as a known one does, so the answer
 * never tells which addresses have accounts.
 */
export function resetRequestError(error: unknown): string | null {
  const name = nameOf(error);
  if (name === 'UserNotFoundException' || name === 'InvalidParameterException') return null;
  if (isRateLimited(error)) return ACCOUNT_MESSAGES.tooManyAttempts;
  return errorMessage(error);
}

/** 'Reset Password': a wrong or expired code goes on the code field, a refused password on its own. */
export function resetConfirmError(error: unknown): MappedError<'code' | 'new_password'> {
  const name = nameOf(error);
  // An unknown address reads as a wrong code: the form never says whether the account exists.
  if (name === 'CodeMismatchException' || name === 'UserNotFoundException') {
    return { field: 'code', message: ACCOUNT_MESSAGES.wrongCode };
  }
  if (name === 'ExpiredCodeException') return { field: 'code', message: ACCOUNT_MESSAGES.expiredCode };
  if (name === 'InvalidPasswordException') return { field: 'new_password', message: MESSAGES.passwordMin };
  if (isRateLimited(error)) return { message: ACCOUNT_MESSAGES.tooManyAttempts };
  return { message: errorMessage(error) };
}

/** 'Update Password': Cognito answers a wrong current password with NotAuthorizedException. */
export function changePasswordError(error: unknown): MappedError<'current_password' | 'new_password'> {
  const name = nameOf(error);
  if (name === 'NotAuthorizedException') {
    return { field: 'current_password', message: ACCOUNT_MESSAGES.wrongCurrentPassword };
  }
  if (name === 'InvalidPasswordException') return { field: 'new_password', message: MESSAGES.passwordMin };
  if (isRateLimited(error)) return { message: ACCOUNT_MESSAGES.tooManyAttempts };
  return { message: errorMessage(error) };
}

/** 'Resend confirmation e-mail': an unknown address is answered as a sent mail, like Cognito does on AWS. */
export function resendError(error: unknown): string | null {
  if (nameOf(error) === 'UserNotFoundException') return null;
  if (isRateLimited(error)) return ACCOUNT_MESSAGES.tooManyAttempts;
  return errorMessage(error);
}

/**
 * A confirmation link that did not confirm: never the raw error. A resend replaces the code, so an
 * older link's code no longer matches.
 */
export function confirmLinkError(error: unknown): string {
  const name = nameOf(error);
  if (name === 'CodeMismatchException') return ACCOUNT_MESSAGES.linkReplaced;
  if (name === 'ExpiredCodeException') return ACCOUNT_MESSAGES.linkExpired;
  if (isRateLimited(error)) return ACCOUNT_MESSAGES.tooManyAttempts;
  return ACCOUNT_MESSAGES.linkFailed;
}
