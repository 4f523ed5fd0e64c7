/**
 * fetch as a Jest mock for every test of a file: reset and put in place before each test, with
 * the session storage cleared (what a region remembers of a session starts empty).
 */
export function mockFetch(): jest.Mock {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    window.sessionStorage.clear();
  });
  return fetchMock;
}
