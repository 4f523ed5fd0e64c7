import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUTTON_CLASSES, buttonCss } from '@cfs/contracts';
import { Button, buttonClass } from '../src';

describe('the shared button', () => {
  it('is a plain button with the shared classes, the region’s own class beside them', async () => {
    const pressed = jest.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <form onSubmit={(e) => e.preventDefault()}>
        <Button ref={ref} className="flt-clear" onClick={pressed}>
          Clear
        </Button>
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>,
    );
    const clear = screen.getByRole('button', { name: 'Clear' });
    // Not a submit button unless it says so: a button in a form does not send it by accident.
    expect(clear).toHaveAttribute('type', 'button');
    expect(clear.className).toBe(`${BUTTON_CLASSES.base} flt-clear`);
    expect(ref.current).toBe(clear);
    await userEvent.click(clear);
    expect(pressed).toHaveBeenCalledTimes(1);
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toHaveAttribute('type', 'submit');
    expect(search.className).toBe(`${BUTTON_CLASSES.base} ${BUTTON_CLASSES.primary}`);
  });

  it('gives its classes to markup that is not a React button, and its rules use the page’s tokens', () => {
    expect(buttonClass()).toBe(BUTTON_CLASSES.base);
    expect(buttonClass('primary', 'alr-submit')).toBe(`${BUTTON_CLASSES.base} ${BUTTON_CLASSES.primary} alr-submit`);
    const css = buttonCss();
    expect(css).toContain(`.${BUTTON_CLASSES.base}{`);
    expect(css).toContain('var(--cfs-accent)');
    expect(css).not.toMatch(/#1d4ed8|#003478/i);
  });
});
