import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pidFileOf, startChild, waitForHttp, type CrashHandler, type RunningPart } from '../supervisor.js';

const require = createRequire(import.meta.url);

/** The DynamoDB Local jar ships inside amplify-dynamodb-simulator; we run it ourselves. */
const emulatorDir = (): string =>
  path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

export const JAVA_MISSING =
  'DynamoDB Local needs Java 17 or newer, and `java` was not found on PATH.\n' +
  'Install a Java runtime, e.g. on Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless';

const assertJava = (): void => {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(JAVA_MISSING);
};

export const startDynamoDb = async (opts: {
  port: number;
  dataDir: string;
  logDir: string;
  onCrash: CrashHandler;
}): Promise<RunningPart> => {
  assertJava();
  const dbPath = path.join(opts.dataDir, 'dynamodb');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dbPath, { recursive: true });
  const dir = emulatorDir();
  const { stop } = startChild({
    name: 'dynamodb',
    command: 'java',
    args: [
      // UPWATCH_DYNAMODB_JAVA_ARGS adds JVM flags, e.g. `-XX:StartFlightRecording=filename=/tmp/ddb.jfr` to profile.
      ...(process.env.UPWATCH_DYNAMODB_JAVA_ARGS ?? '').split(' ').filter(Boolean),
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(dir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-dbPath',
      dbPath,
      '-port',
      String(opts.port),
      '-disableTelemetry',
    ],
    cwd: dir,
    logFile: path.join(opts.logDir, 'dynamodb.log'),
    onCrash: opts.onCrash,
    pidFile: pidFileOf(opts.dataDir, 'dynamodb'),
  });
  const url = `http://127.0.0.1:${opts.port}`;
  await waitForHttp('DynamoDB Local', url);
  return { name: 'dynamodb', describe: `DynamoDB Local     ${url}  (data in ${dbPath})`, stop };
};
