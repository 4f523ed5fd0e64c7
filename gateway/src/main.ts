import { loadConfig } from './config';
import { buildGateway } from './app';
import { warmUp, warmUpPaths } from './warm-up';

async function main() {
  const config = loadConfig();
  const { app } = await buildGateway(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`gateway on http://${config.host}:${config.port}/cars-for-sale (${config.mode})`);
  const paths = warmUpPaths();
  if (paths.length)
    void warmUp(app, { paths }).then(
      (results) => app.log.info({ warmUp: results }, 'warm-up done'),
      (err) => app.log.warn({ err }, 'warm-up failed'),
    );
  const stop = () => {
    setTimeout(() => process.exit(0), 5000).unref();
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Run by the supervisor of `npm start` (an IPC channel): exit when it is gone, however it ended.
  if (process.connected) process.once('disconnect', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
