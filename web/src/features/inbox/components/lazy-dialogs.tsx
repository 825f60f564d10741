/**
 * The inbox's dialogs, each loaded when the browser is idle or when first opened: the dashboard shows
 * the inbox on its first paint, and their forms, zod and file reading are not needed for that.
 */
import { lazyDialog } from '../../../components/lazy-dialog.tsx';

export const UploadDialog = lazyDialog(
  () => import('./UploadDialog.tsx').then((m) => m.UploadDialog),
  (props) => props.open,
);

export const ApplyDialog = lazyDialog(
  () => import('./ApplyDialog.tsx').then((m) => m.ApplyDialog),
  (props) => props.item !== null,
);

export const ResetAddressDialog = lazyDialog(
  () => import('./ResetAddressDialog.tsx').then((m) => m.ResetAddressDialog),
  (props) => props.open,
);
