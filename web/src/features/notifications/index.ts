/** What other features may use of notifications: the settings card, and forgetting this device on sign-out. */
export { NotificationsCard } from './components/NotificationsCard.tsx';
export { forgetThisDevice } from './forget.ts';
