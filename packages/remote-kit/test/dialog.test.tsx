import { useId, useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalDialog } from '../src';

function Page() {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const field = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ModalDialog labelledBy={headingId} onClose={() => setOpen(false)} initialFocus={field}>
          <h2 id={headingId}>Keyword Search</h2>
          <label>
            Keyword
            <input ref={field} />
          </label>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  it('is named by its heading, takes focus where asked, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Keyword Search' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Keyword' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back after its own close control too', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
