import { act, render, screen } from '@testing-library/react';
import { RegionDataContext, useGatewayData } from '../src';

function Price({ url }: { url: string }) {
  const price = useGatewayData<{ avg: number }>(url);
  return <p>{price.status === 'ready' ? `average ${price.data.avg}` : price.status}</p>;
}

describe('useGatewayData', () => {
  let fetchSpy: jest.Mock;
  beforeEach(() => {
    fetchSpy = jest.fn(async () => ({ ok: true, status: 200, text: async () => '{"avg":30000}' }));
    (globalThis as { fetch?: unknown }).fetch = fetchSpy;
  });

  it('asks the gateway for a URL the server did not answer, once, and shows the answer', async () => {
    render(<Price url="/rest/price?make=FORD" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('average 30000')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0][0]).toBe('/rest/price?make=FORD');
  });

  it('asks nothing for a component let go in the moment it mounted (a list trimmed right after hydrating)', async () => {
    const view = render(<Price url="/rest/price?make=FORD" />);
    view.unmount();
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('takes what the server render recorded, asking nothing', async () => {
    render(
      <RegionDataContext.Provider value={{ '/rest/price?make=FORD': { ok: true, body: { avg: 25000 } } }}>
        <Price url="/rest/price?make=FORD" />
      </RegionDataContext.Provider>,
    );
    expect(screen.getByText('average 25000')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
