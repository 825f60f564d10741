import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * For a Radix dialog that a page opens itself (its `open` held by the page, no Dialog.Trigger): Radix
 * gives focus back to its Trigger when the dialog closes, and without one focus falls to the body,
 * so a keyboard user starts again from the top. This remembers what had focus as the dialog opened
 * (read in a layout effect, before Radix moves focus in) and is the dialog content's
 * `onCloseAutoFocus`: it focuses that element again, if it is still on the page.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  return useCallback((event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  }, []);
}
