import fs from 'node:fs';
import path from 'node:path';
import { startChannelSink } from '../channel-sink/server.js';
import type { RunningPart } from '../supervisor.js';

/**
 * The channel sink (docs/alerts.md "Offline"): Slack, Teams, Discord, Telegram, PagerDuty and SNS
 * on one local port, so alert channels work with no account anywhere. One line per message
 * received goes to `<data dir>/logs/channel-sink.log`.
 */
export const startChannelSinkPart = async (opts: { port: number; logDir: string }): Promise<RunningPart & { url: string }> => {
  const logFile = path.join(opts.logDir, 'channel-sink.log');
  const sink = await startChannelSink({
    port: opts.port,
    log: (line) => fs.appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`),
  });
  return {
    name: 'channel-sink',
    describe: `Channel sink       ${sink.url}  (local Slack, Teams, Discord, Telegram, PagerDuty, SMS; inbox: ${sink.url}/ , JSON: ${sink.url}/store)`,
    stop: () => sink.close(),
    url: sink.url,
  };
};
