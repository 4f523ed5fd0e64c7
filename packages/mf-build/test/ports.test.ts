import { REMOTE_NAMES } from '@cfs/contracts';
import ports from '../ports.js';

describe('dev-server ports', () => {
  it('reads the remotes from the contracts: one port per remote, in the order of REMOTE_NAMES', () => {
    expect(Object.keys(ports)).toEqual([...REMOTE_NAMES]);
    expect(Object.values(ports)).toEqual(REMOTE_NAMES.map((_, i) => 3101 + i));
  });
});
