import { renderHook } from '@testing-library/react';
import { useKeptWhile } from '../src';

describe('useKeptWhile', () => {
  it('keeps the older value while the newer one need not replace it, then takes and keeps the newer', () => {
    const sameLength = (a: string, b: string) => a.length === b.length;
    const { result, rerender } = renderHook(({ value }) => useKeptWhile(value, sameLength), { initialProps: { value: 'abc' } });
    rerender({ value: 'xyz' });
    expect(result.current).toBe('abc');
    rerender({ value: 'longer' });
    expect(result.current).toBe('longer');
    rerender({ value: 'second' });
    expect(result.current).toBe('longer');
  });
});
