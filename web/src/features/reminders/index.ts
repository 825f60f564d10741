/**
 * What other features may use of reminders: settings' 'Your data' imports reminders from a file; the
 * renewal inbox adds a reminder from a letter. Both dialogs are lazy (their forms and zod load when
 * first opened), so the dashboard's inbox section can use them without weighing on its first paint.
 */
export { ImportDialog, ReminderDialog } from './components/lazy-dialogs.tsx';
