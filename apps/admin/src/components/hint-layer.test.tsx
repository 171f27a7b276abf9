// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HintLayer } from './hint-layer';

// The one hint of the list buttons: shown for the button under the mouse, never for a touch, following the
// button's text and gone with the button.

afterEach(cleanup);

function Page({ hint = 'Edit', row = true }: { hint?: string; row?: boolean }) {
  return (
    <>
      <HintLayer />
      {row && (
        <button type="button" data-hint={hint}>
          <svg data-testid="icon" />
        </button>
      )}
      <p>Row text</p>
    </>
  );
}

function page() {
  const { rerender } = render(<Page />);
  return { rerender, button: screen.getByRole('button'), icon: screen.getByTestId('icon'), text: screen.getByText('Row text') };
}

describe('HintLayer', () => {
  it('shows the hint of the button under the mouse (from any element inside it) and hides it elsewhere', async () => {
    const { icon, text } = page();
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOver(icon, { pointerType: 'mouse' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
    fireEvent.pointerOver(text, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows nothing for a touch', () => {
    const { button } = page();
    fireEvent.pointerOver(button, { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('follows a new text on the button ("Copied"), and leaves with the button', async () => {
    const { button, rerender } = page();
    fireEvent.pointerOver(button, { pointerType: 'mouse' });
    await screen.findByRole('tooltip');
    rerender(<Page hint="Copied" />);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Copied'));
    rerender(<Page row={false} />);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('hides on Escape', async () => {
    const { button } = page();
    fireEvent.pointerOver(button, { pointerType: 'mouse' });
    await screen.findByRole('tooltip');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
