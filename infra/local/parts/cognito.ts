import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pidFileOf, startChild, waitForHttp, type CrashHandler, type RunningPart } from '../supervisor.js';

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
  // cognito-local, with app clients' auth flows enforced as Cognito does (cognito-auth-flows.ts).
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cognito-auth-flows.ts');
  const { stop } = startChild({
    name: 'cognito',
    command: process.execPath,
    // tsx by its resolved URL: a bare name would be looked up from the data dir, which may lie outside the repository.
    args: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, entry],
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
