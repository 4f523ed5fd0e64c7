/**
 * The gateway's processes. GATEWAY_PROCESSES (default: one per core) serving processes under a
 * cluster primary that runs no application code (cluster.ts); with 1, the app runs in this one
 * process, with no primary. Each serving process is the same: buildGateway, listen, warm-up (the
 * other way round for a worker started again while its siblings serve: warm-up.ts), the last line
 * of defence (process-faults.ts), and a graceful close on SIGTERM, SIGINT or the end of its IPC
 * channel (to the supervisor of `npm start`, or to the cluster primary).
 */
import cluster from 'node:cluster';
import pino from 'pino';
import { gatewayProcesses, runPrimary, serveClusterMetrics, WARM_FIRST_ENV } from './cluster';
import { loadConfig } from './config';
import { survive } from './process-faults';
import { registryFile } from './registry/store';
import { RedisBackend } from './registry/redis';
import { SEARCH_PATH } from '@cfs/contracts';

/** One serving process. The app is loaded here, never in the cluster primary. */
async function serve(inCluster: boolean) {
  const config = loadConfig();
  const [{ buildGateway }, { listenAndWarmUp, warmUp, upstreamAnswers }] = await Promise.all([import('./app'), import('./warm-up')]);
  const { app, metrics } = await buildGateway(config);
  survive(app.log, metrics.processFaults);
  // app.ts's /metrics calls metrics.render() per request: in a cluster it answers the sum over every process.
  if (inCluster) serveClusterMetrics(metrics);
  let stopping = false;
  const stop = () => {
    stopping = true;
    setTimeout(() => process.exit(0), 5000).unref();
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Run by the supervisor of `npm start` or by the cluster primary (an IPC channel): exit when it
  // is gone, however it ended (also while this process warms up before it listens).
  if (process.connected) process.once('disconnect', stop);
  const paths = config.warmUpPaths;
  await listenAndWarmUp({
    listen: async () => {
      // Not once stopping (a stop while it warmed up): the app is closing.
      if (!stopping) await app.listen({ port: config.port, host: config.host });
    },
    warm: paths.length ? () => warmUp(app, { paths, ready: () => upstreamAnswers(config.upstreams.listing) }) : null,
    // A worker started again while its siblings serve warms up before it takes connections.
    first: inCluster && process.env[WARM_FIRST_ENV] === '1',
    log: app.log,
  });
  if (!stopping) app.log.info(`gateway on http://${config.host}:${config.port}${SEARCH_PATH} (${config.mode})`);
}

/** The cluster primary: forks the serving processes and keeps them running; serves nothing itself. */
async function primary(processes: number) {
  const config = loadConfig();
  const log = pino({ level: config.logLevel }).child({ role: 'gateway-primary' });
  // A shared registry tells the primary of its changes as it tells the workers (it reads nothing else of it).
  const shared = config.redisUrl ? await RedisBackend.open({ url: config.redisUrl, prefix: config.redisPrefix, log }) : null;
  const workers = runPrimary({
    processes,
    ...(shared ? { watchRegistry: (onChange: () => void) => shared.onChange(onChange) } : { registryFile: registryFile(config.dataDir) }),
    log,
  });
  survive(log, workers.processFaults);
  log.info({ processes }, `gateway on http://${config.host}:${config.port}${SEARCH_PATH} (${config.mode}), ${processes} processes`);
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info({}, `${why}: stopping the gateway's processes`);
    void workers
      .stop()
      .then(() => shared?.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (process.connected) process.once('disconnect', () => stop('the supervisor is gone'));
}

function main(): Promise<void> | void {
  if (cluster.isWorker) return serve(true);
  const processes = gatewayProcesses();
  return processes === 1 ? serve(false) : primary(processes);
}

Promise.resolve()
  .then(main)
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
