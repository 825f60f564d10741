/**
 * What other features may use of notifications: the settings card, forgetting this device on sign-out,
 * and installing the service worker (which also keeps the app shell) once signed in.
 */
export { NotificationsCard } from './components/NotificationsCard.tsx';
export { forgetThisDevice } from './forget.ts';
export { installAppShell } from './this-device.ts';
