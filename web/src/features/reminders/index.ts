/** What other features may use of reminders: settings' 'Your data' imports reminders from a file. */
export { ImportDialog } from './components/ImportDialog.tsx';
