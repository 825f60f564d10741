import type { ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useReturnFocus } from '../hooks/useReturnFocus.ts';
import './Dialog.css';

/**
 * A destructive action's confirmation (WAI-ARIA alert dialog): Cancel and the action. While `busy`
 * both are disabled and the dialog cannot be closed. `trigger`, when given, is the button opening it;
 * `subject`, when given, names what the action applies to, under the description.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  trigger,
  subject,
  tone = 'destructive',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  trigger?: ReactNode;
  subject?: ReactNode;
  /** The action's button: red for what cannot be undone (the default), the primary colour otherwise. */
  tone?: 'destructive' | 'primary';
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content dialog-alert" onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          {/* The subject is part of the description, so a screen reader announces it too. */}
          <AlertDialog.Description asChild>
            <div>
              <p className="muted">{description}</p>
              {subject && <p className="dialog-subject">{subject}</p>}
            </div>
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="btn btn-outline" disabled={busy}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button type="button" className={`btn btn-${tone}`} disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
