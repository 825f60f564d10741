/**
 * Thrown by the sign-in when Cognito says the address is not confirmed yet (Amplify's CONFIRM_SIGN_UP
 * step). A module of its own: the session needs this name, not the account screens' messages (whose
 * shared schemas, and zod, would then load on every signed-in page).
 */
export const NOT_CONFIRMED = 'UserNotConfirmedException';
