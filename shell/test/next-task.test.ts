import { nextTask } from '../src/next-task';

describe('nextTask', () => {
  it('uses scheduler.yield where the browser has it', async () => {
    const scheduler = { yield: jest.fn(() => Promise.resolve()) };
    await nextTask({ scheduler });
    expect(scheduler.yield).toHaveBeenCalledTimes(1);
  });

  it('otherwise resolves after a zero-delay timer, not in the same task', async () => {
    jest.useFakeTimers();
    try {
      let done = false;
      const p = nextTask({}).then(() => (done = true));
      await Promise.resolve();
      await Promise.resolve();
      expect(done).toBe(false);
      jest.advanceTimersByTime(0);
      await p;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
