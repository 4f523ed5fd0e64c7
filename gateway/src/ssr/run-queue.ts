/**
 * How long a render isolate's thread was ready to run but waited for a core: Linux's run-queue
 * delay, the second figure of /proc/self/task/<tid>/schedstat (nanoseconds since the thread
 * began). On a loaded machine every thread waits for the cores in turn (2 cores shared by the
 * gateway's threads, the upstream and whatever else runs); that time is the machine's load, not
 * the region's own work, so a region's budget does not count it (isolates.ts). The wall-clock
 * deadline still counts everything.
 *
 * Each thread's file is opened once and read with a positioned read (about 10 µs); a thread that
 * has ended answers an error and is forgotten. Where there is no such file (not Linux), nothing is
 * discounted.
 */
import fs from 'node:fs';

/** This thread's Linux id (an isolate sends it with 'started'), or undefined where there is none. */
export function ownLinuxThreadId(): number | undefined {
  try {
    const id = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The thread-name prefix of the render isolates' threads (nameOwnThread): `ssr <remote>`. */
export const ISOLATE_THREAD_PREFIX = 'ssr ';

/**
 * Names this thread for the machine's tools (`top -H`, /proc/<pid>/task/<tid>/comm; Linux keeps
 * 15 bytes): an operator, and the page bench, see which remote's isolate a thread's CPU is. Where
 * there is no such file (not Linux), nothing happens.
 */
export function nameOwnThread(name: string): void {
  try {
    fs.writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // Not Linux: the thread keeps its name.
  }
}

export class RunQueueClock {
  private readonly fds = new Map<number, number>();
  private readonly buf = Buffer.alloc(128);

  /** Milliseconds the thread has waited for a core since it began, or null when it cannot be read. */
  waitedMs(tid: number): number | null {
    let fd = this.fds.get(tid);
    try {
      if (fd === undefined) {
        fd = fs.openSync(`/proc/self/task/${tid}/schedstat`, 'r');
        this.fds.set(tid, fd);
      }
      const n = fs.readSync(fd, this.buf, 0, this.buf.length, 0);
      const ns = Number(this.buf.toString('latin1', 0, n).split(' ')[1]);
      return Number.isFinite(ns) ? ns / 1e6 : null;
    } catch {
      this.forget(tid);
      return null;
    }
  }

  forget(tid: number): void {
    const fd = this.fds.get(tid);
    this.fds.delete(tid);
    if (fd !== undefined) fs.close(fd, () => undefined);
  }

  close(): void {
    for (const tid of [...this.fds.keys()]) this.forget(tid);
  }
}
