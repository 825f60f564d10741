/** A lazily loaded dialog: nothing until the browser is idle or it opens; once opened, it stays mounted. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog } from '../../web/src/components/lazy-dialog.tsx';

interface Props {
  open: boolean;
}
function FakeDialog({ open }: Props) {
  return <p>{open ? 'dialog open' : 'dialog closed'}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('lazyDialog', () => {
  it('renders nothing while closed, loads on opening, and stays mounted once closed again', async () => {
    const load = vi.fn(async () => FakeDialog);
    const Dialog = lazyDialog(load, (props: Props) => props.open);
    const view = render(<Dialog open={false} />);
    expect(view.container.textContent).toBe('');

    view.rerender(<Dialog open />);
    await screen.findByText('dialog open');
    view.rerender(<Dialog open={false} />);
    expect(screen.getByText('dialog closed')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads its code when the browser is idle, so the first opening renders it at once', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => FakeDialog);
    const Dialog = lazyDialog(load, (props: Props) => props.open);
    const view = render(<Dialog open={false} />);
    expect(load).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());
    expect(load).toHaveBeenCalledTimes(1);
    expect(view.container.textContent).toBe('');

    view.rerender(<Dialog open />);
    // No Suspense fallback in between: the loaded dialog is in the very next render.
    expect(screen.getByText('dialog open')).toBeDefined();
  });
});
