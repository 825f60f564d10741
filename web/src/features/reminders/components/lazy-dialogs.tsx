/**
 * The dashboard's dialogs, each loaded when the browser is idle after the list has shown (or when it is
 * first opened): their forms, zod schemas and file parsing are not on the way to the kept list.
 */
import { lazyDialog } from '../../../components/lazy-dialog.tsx';

export const ReminderDialog = lazyDialog(
  () => import('./ReminderDialog.tsx').then((m) => m.ReminderDialog),
  (props) => props.open,
);

export const DeleteReminderDialog = lazyDialog(
  () => import('./DeleteReminderDialog.tsx').then((m) => m.DeleteReminderDialog),
  (props) => props.reminder !== null,
);

export const ImportDialog = lazyDialog(
  () => import('./ImportDialog.tsx').then((m) => m.ImportDialog),
  (props) => props.open,
);
