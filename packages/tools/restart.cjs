// The one restart policy of the product's supervisors: the supervisor of `npm start` (its servers,
// supervise.cjs) and the gateway's cluster primary (its serving processes, gateway/src/cluster.ts).
// A process that exits starts again after a wait that doubles from firstMs to maxMs, back to
// firstMs for one that ran healthyAfterMs before it exited; while it waits, a change of the file
// it watches (the registry: a rollback) starts it at once.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** One process slot's restart wait: doubles from firstMs to maxMs, and starts over after a healthy run. */
class RestartBackoff {
  constructor({ firstMs = 500, maxMs = 30_000, healthyAfterMs = 30_000 } = {}) {
    this.firstMs = firstMs;
    this.maxMs = maxMs;
    this.healthyAfterMs = healthyAfterMs;
    this.next = firstMs;
  }

  /** The wait before starting again a process that exited after running `ranMs`. */
  afterExit(ranMs) {
    if (ranMs >= this.healthyAfterMs) this.next = this.firstMs;
    const wait = this.next;
    this.next = Math.min(this.next * 2, this.maxMs);
    return wait;
  }
}

/**
 * Calls `onChange` when `file` is replaced or written (a registry switch renames a new file into
 * place): fs.watch on its folder, or a 1 s stat poll where the folder cannot be watched. Returns a
 * function that stops watching.
 */
function watchFile(file, onChange) {
  const base = path.basename(file);
  try {
    const watcher = fs.watch(path.dirname(file), { persistent: false }, (_event, name) => {
      if (!name || String(name) === base) onChange();
    });
    watcher.on('error', () => watcher.close());
    return () => watcher.close();
  } catch {
    const listener = (now, before) => {
      if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino) onChange();
    };
    fs.watchFile(file, { interval: 1000, persistent: false }, listener);
    return () => fs.unwatchFile(file, listener);
  }
}

module.exports = { RestartBackoff, watchFile };
