/**
 * The last line of defence of a gateway process: an exception nothing caught, or a promise
 * rejection nothing handled, is logged (pino, the app's logger) and counted
 * (gateway_process_faults_total{kind}), and the process goes on serving. Without it Node ends the
 * process, and a fault that recurs on every request would become a loop of exits and restarts.
 */
export type FaultKind = 'uncaughtException' | 'unhandledRejection';

export interface FaultLog {
  error(obj: object, msg: string): void;
}

export interface FaultCounter {
  labels(kind: FaultKind): { inc(): void };
}

/** Installs both handlers on `proc` (the process); returns a function that removes them. */
export function survive(log: FaultLog, faults: FaultCounter, proc: NodeJS.EventEmitter = process): () => void {
  const handler = (kind: FaultKind) => (err: unknown) => {
    try {
      log.error({ err, kind }, `${kind}: logged and survived (the process goes on)`);
      faults.labels(kind).inc();
    } catch {
      // Logging itself failed: nothing more to do, and a throw here would end the process.
    }
  };
  const onException = handler('uncaughtException');
  const onRejection = handler('unhandledRejection');
  proc.on('uncaughtException', onException);
  proc.on('unhandledRejection', onRejection);
  return () => {
    proc.off('uncaughtException', onException);
    proc.off('unhandledRejection', onRejection);
  };
}
