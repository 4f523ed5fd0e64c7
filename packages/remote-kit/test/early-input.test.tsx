import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { act, screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { createLifecycles, SERVER_RENDERED_ATTR } from '../src';

/** A form whose state the region shows: a text field, a select, a checkbox and a radio pair. */
function Form() {
  const [name, setName] = useState('');
  const [sort, setSort] = useState('relevance');
  const [cpo, setCpo] = useState(false);
  const [kind, setKind] = useState('used');
  return (
    <form>
      <label>
        Keyword <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Sort by
        <select value={sort} onChange={(e) => setSort(e.target.value)}>
          <option value="relevance">Relevance</option>
          <option value="price">Price</option>
        </select>
      </label>
      <label>
        <input type="checkbox" checked={cpo} onChange={(e) => setCpo(e.target.checked)} /> Certified
      </label>
      <label>
        <input type="radio" name="kind" value="used" checked={kind === 'used'} onChange={() => setKind('used')} /> Used
      </label>
      <label>
        <input type="radio" name="kind" value="new" checked={kind === 'new'} onChange={() => setKind('new')} /> New
      </label>
      <output>{`${name}|${sort}|${cpo}|${kind}`}</output>
    </form>
  );
}

async function mountOver(region: HTMLElement, hydration: 'default' | 'transition') {
  const lc = createLifecycles({ name: 'mf-test', version: '1.0.0', App: Form, hydration });
  let mounted: Promise<void> = Promise.resolve();
  await act(async () => {
    mounted = lc.mount({ name: 'mf-test', bus: createBus(), domElement: region });
  });
  await act(() => mounted);
}

describe('input given before hydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each(['default', 'transition'] as const)(
    'reaches the region once it hydrates (%s hydration), on the same elements',
    async (hydration) => {
      const region = document.createElement('section');
      region.innerHTML = `<div data-boundary="mf-test" data-version="1.0.0" ${SERVER_RENDERED_ATTR}="">${renderToString(<Form />)}</div>`;
      document.body.appendChild(region);
      const keyword = screen.getByRole<HTMLInputElement>('textbox', { name: 'Keyword' });
      // The shopper types, chooses and ticks while the region's code is still loading.
      keyword.value = 'tundra';
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value = 'price';
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Certified' }).checked = true;
      screen.getByRole<HTMLInputElement>('radio', { name: 'New' }).checked = true;
      const errors = jest.spyOn(console, 'error').mockImplementation(() => {});

      await mountOver(region, hydration);
      expect(region.querySelector('output')).toHaveTextContent('tundra|price|true|new');
      expect(screen.getByRole('textbox', { name: 'Keyword' })).toBe(keyword);
      expect(keyword).toHaveValue('tundra');
      expect(screen.getByRole('radio', { name: 'Used' })).not.toBeChecked();
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
      region.remove();
    },
  );

  it('gives a field the shopper typed into and left its leaving too, and one still in use none', async () => {
    function Price() {
      const [left, setLeft] = useState<string[]>([]);
      const field = (name: string) => (
        <label>
          {name}{' '}
          <input
            defaultValue=""
            onBlur={(e) => {
              const value = e.currentTarget.value;
              setLeft((l) => [...l, `${name}=${value}`]);
            }}
          />
        </label>
      );
      return (
        <div>
          {field('Min')}
          {field('Max')}
          <output>{left.join(',')}</output>
        </div>
      );
    }
    const region = document.createElement('section');
    region.innerHTML = `<div data-boundary="mf-test" data-version="1.0.0" ${SERVER_RENDERED_ATTR}="">${renderToString(<Price />)}</div>`;
    document.body.appendChild(region);
    const min = screen.getByRole<HTMLInputElement>('textbox', { name: 'Min' });
    const max = screen.getByRole<HTMLInputElement>('textbox', { name: 'Max' });
    // Typed into Min, then on to Max (still there) while the code loads.
    min.value = '5000';
    max.value = '9';
    max.focus();
    const lc = createLifecycles({ name: 'mf-test', version: '1.0.0', App: Price, hydration: 'transition' });
    let mounted: Promise<void> = Promise.resolve();
    await act(async () => {
      mounted = lc.mount({ name: 'mf-test', bus: createBus(), domElement: region });
    });
    await act(() => mounted);
    expect(region.querySelector('output')).toHaveTextContent(/^Min=5000$/);
    region.remove();
  });

  it('leaves untouched controls alone', async () => {
    const region = document.createElement('section');
    region.innerHTML = `<div data-boundary="mf-test" data-version="1.0.0" ${SERVER_RENDERED_ATTR}="">${renderToString(<Form />)}</div>`;
    document.body.appendChild(region);
    const changes = jest.fn();
    region.addEventListener('input', changes);
    region.addEventListener('change', changes);
    await mountOver(region, 'transition');
    expect(region.querySelector('output')).toHaveTextContent('|relevance|false|used');
    expect(changes).not.toHaveBeenCalled();
    region.remove();
  });
});
