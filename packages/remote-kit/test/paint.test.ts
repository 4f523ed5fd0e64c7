import { afterNextPaint } from '@cfs/remote-kit/dom';

describe('afterNextPaint', () => {
  function frames() {
    const rafs: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const scope = {
      requestAnimationFrame: (f: FrameRequestCallback) => rafs.push(() => f(0)),
      setTimeout: ((f: () => void) => timers.push(f)) as unknown as Window['setTimeout'],
      document: { hidden: false },
    };
    const run = (q: (() => void)[]) => q.splice(0).forEach((f) => f());
    return { scope, rafs, timers, run };
  }

  it('calls a task after the next animation frame (the frame is painted in between)', () => {
    const f = frames();
    const fn = jest.fn();
    afterNextPaint(fn, f.scope);
    expect(f.timers).toHaveLength(0);
    f.run(f.rafs);
    expect(fn).not.toHaveBeenCalled();
    f.run(f.timers);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits for no frame in a hidden page, and a cancelled call never comes', () => {
    const f = frames();
    f.scope.document.hidden = true;
    const fn = jest.fn();
    const cancel = afterNextPaint(fn, f.scope);
    expect(f.rafs).toHaveLength(0);
    cancel();
    f.run(f.timers);
    expect(fn).not.toHaveBeenCalled();
  });
});
