import { buildApp } from 'fauxqs';
import type { RunningPart } from '../supervisor.js';

/**
 * fauxqs as the SQS endpoint, in memory (queues are re-created at every start; a message in flight
 * when the cloud stops is lost, as the data that matters lives in DynamoDB). Built with `buildApp`
 * rather than `startFauxqs` so it listens on loopback only.
 */
export const startSqs = async (opts: { port: number; region: string }): Promise<RunningPart> => {
  const app = buildApp({ logger: false, defaultRegion: opts.region });
  await app.listen({ port: opts.port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${opts.port}`;
  return { name: 'sqs', describe: `SQS (fauxqs)       ${url}`, stop: () => app.close() };
};
