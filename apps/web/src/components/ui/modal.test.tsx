// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

afterEach(cleanup);

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Something else</button>
      <button type="button" onClick={() => setOpen(true)}>
        View Reports
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Reports">
        <p>Chart</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('has its own close button and gives focus back to the button that opened it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'View Reports' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Reports' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('opens with focus on its first field, not on the × (issue 28 item 17)', async () => {
    render(
      <Modal open onOpenChange={() => {}} title="New idea">
        <p>Intro</p>
        <label>
          Title
          <input />
        </label>
        <button type="submit">Save</button>
      </Modal>,
    );
    const field = await screen.findByLabelText('Title');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
