/**
 * The navigation disclosure (components/NavDisclosure.tsx) on a static page, without React: the
 * button shows and hides its list; Escape closes it and returns focus to the button; a press outside
 * or focus leaving it closes it.
 */
export function enhanceDisclosure(root: HTMLElement): void {
  const button = root.querySelector('button');
  const list = root.querySelector('ul');
  if (!button || !list) return;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  };
  button.addEventListener('click', () => setOpen(!isOpen()));
  root.addEventListener('focusout', (event) => {
    if (isOpen() && !root.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) {
      setOpen(false);
      button.focus();
    }
  });
}
