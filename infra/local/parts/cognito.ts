import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pidFileOf, startChild, waitForHttp, type CrashHandler, type RunningPart } from '../supervisor.js';

const require = createRequire(import.meta.url);

/**
 * cognito-local keeps its state in `./.cognito` of its working directory, so it runs as a child
 * process inside the data dir. HOST fixes the token issuer to `http://127.0.0.1:<port>/<poolId>`.
 */
export const startCognito = async (opts: {
  port: number;
  dataDir: string;
  logDir: string;
  onCrash: CrashHandler;
}): Promise<RunningPart> => {
  const cwd = path.join(opts.dataDir, 'cognito');
  fs.mkdirSync(cwd, { recursive: true });
  const entry = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const { stop } = startChild({
    name: 'cognito',
    command: process.execPath,
    args: [entry],
    cwd,
    env: { PORT: String(opts.port), HOST: '127.0.0.1' },
    logFile: path.join(opts.logDir, 'cognito.log'),
    onCrash: opts.onCrash,
    pidFile: pidFileOf(opts.dataDir, 'cognito'),
  });
  const url = `http://127.0.0.1:${opts.port}`;
  await waitForHttp('cognito-local', `${url}/health`);
  return { name: 'cognito', describe: `cognito-local      ${url}  (data in ${cwd}/.cognito)`, stop };
};
