import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

/**
 * A dialog's way out that does nothing else (as Escape does): an outline button that closes it.
 * `disabled` while the dialog's own action runs; `children` when another word fits ('Not now').
 */
export function CancelButton({
  disabled,
  children = 'Cancel',
}: {
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog.Close asChild>
      <button type="button" className="btn btn-outline" disabled={disabled}>
        {children}
      </button>
    </Dialog.Close>
  );
}
