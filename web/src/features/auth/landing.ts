/**
 * What the public pages may use of auth. They are in the landing bundle, so this entry point (unlike
 * ./index.ts) must never reach Amplify: it re-exports ./admin-hint.ts only.
 */
export { usePublicIsAdmin, usePublicSignedIn } from './admin-hint.ts';
