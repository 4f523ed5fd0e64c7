import { buildUpstream } from './app';
import { drawAllListingPhotos } from './routes/listing-photo';

async function main() {
  const t0 = Date.now();
  const app = await buildUpstream({ logger: { level: process.env.LOG_LEVEL || 'warn' } });
  const port = Number(process.env.PORT || 8090);
  const host = process.env.HOST || '127.0.0.1';
  await app.listen({ port, host });
  console.log(`upstream on http://${host}:${port} (ready in ${Date.now() - t0} ms)`);
  const t1 = Date.now();
  void drawAllListingPhotos().then((n) => console.log(`upstream: ${n} listing photos drawn in ${Date.now() - t1} ms`));
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
