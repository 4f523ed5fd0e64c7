import { loadConfig } from './config';
import { buildGateway } from './app';

async function main() {
  const config = loadConfig();
  const { app } = await buildGateway(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`gateway on http://${config.host}:${config.port}/cars-for-sale (${config.mode})`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
