import { renderHook } from '@testing-library/react';
import { useKeptWhileLoading } from '../src/hooks/use-kept-while-loading';

describe('what the grid keeps while a new search loads', () => {
  it('keeps the settled value while loading, then takes the new one', () => {
    const { result, rerender } = renderHook(({ value, loading }) => useKeptWhileLoading(value, loading), {
      initialProps: { value: 'old search', loading: false },
    });
    expect(result.current).toBe('old search');
    rerender({ value: 'new search', loading: true });
    expect(result.current).toBe('old search');
    rerender({ value: 'new search', loading: false });
    expect(result.current).toBe('new search');
    // Settled: the next search keeps this one, not the first.
    rerender({ value: 'third search', loading: true });
    expect(result.current).toBe('new search');
  });
});
