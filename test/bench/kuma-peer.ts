/**
 * Uptime Kuma, the peer test/bench/versus-kuma.ts measures Upwatch against (docs/PERFORMANCE.md
 * "Against Uptime Kuma on the same host"): started from a checkout of its source (KUMA_DIR, built as
 * that section says; none of its code is in this repository), with its data in a fresh temp dir,
 * on loopback only, and set up the way a user sets it up, through the socket.io API its web app
 * uses: `setup` (the first admin), `login`, then one `add` per HTTP monitor.
 *
 * Why the socket.io API and not rows written into its SQLite file: `add` is what the web app's
 * "Add New Monitor" form sends, it validates the monitor and starts its timer at once, and it costs
 * O(1) per monitor (it pushes only the new monitor to the client), so 3,000 go in within a couple of
 * minutes; a database written behind Kuma's back would depend on its schema's columns and defaults
 * of one release.
 *
 * Its database type comes from UPTIME_KUMA_DB_TYPE=sqlite (Kuma's own switch that skips its
 * database set-up page); its socket.io client is loaded from the checkout, so this repository needs
 * no Kuma package.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The monitor fields Kuma's "Add New Monitor" form sends for an HTTP monitor (its defaults, 2.5.3). */
export interface KumaMonitorSpec {
  name: string;
  url: string;
  intervalSeconds: number;
  timeoutSeconds: number;
}

export interface KumaPeer {
  /** Kuma's one process (it runs no children for HTTP monitors), for process-tree.ts. */
  pid: number;
  version: string;
  logPath: string;
  /** Signs in (creating the admin first) and adds the monitors, `inFlight` at a time. */
  addMonitors(monitors: readonly KumaMonitorSpec[], inFlight: number, onProgress: (added: number) => void): Promise<void>;
  /** Closes the benchmark's socket.io connection, so no browser-like client receives heartbeats. */
  disconnect(): void;
  /** SIGTERM to its process group, SIGKILL after 15 s; then removes its data dir and log. */
  stop(): Promise<void>;
}

interface KumaAnswer {
  ok: boolean;
  msg?: string;
  monitorID?: number;
}

/** The part of socket.io-client's Socket this driver uses. */
interface KumaSocket {
  connected: boolean;
  once(event: string, listener: (...args: unknown[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  disconnect(): void;
}

type SocketFactory = (url: string, options: Record<string, unknown>) => KumaSocket;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks that KUMA_DIR is a built checkout and returns its version. */
export const kumaVersion = (kumaDir: string): string => {
  const manifest = path.join(kumaDir, 'package.json');
  if (!fs.existsSync(manifest)) throw new Error(`KUMA_DIR=${kumaDir} has no package.json: see docs/PERFORMANCE.md "Against Uptime Kuma on the same host"`);
  const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
  if (name !== 'uptime-kuma') throw new Error(`KUMA_DIR=${kumaDir} is not Uptime Kuma (package name ${name})`);
  if (!fs.existsSync(path.join(kumaDir, 'dist', 'index.html'))) throw new Error(`KUMA_DIR=${kumaDir} has no dist/index.html: build its web app first (npm run build)`);
  if (!fs.existsSync(path.join(kumaDir, 'node_modules', 'socket.io-client'))) throw new Error(`KUMA_DIR=${kumaDir} has no node_modules: run npm ci there first`);
  return version ?? 'unknown';
};

/** Resolves once Kuma answers HTTP on its port (after its migrations), or fails after `timeoutMs`. */
const waitForHttp = async (port: number, child: ChildProcess, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Uptime Kuma exited with code ${child.exitCode} while starting`);
    const answered = await new Promise<boolean>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/entry-page', timeout: 2000 }, (response) => {
        response.resume();
        resolve(true);
      });
      request.on('error', () => resolve(false));
      request.on('timeout', () => {
        request.destroy();
        resolve(false);
      });
    });
    if (answered) return;
    await sleep(500);
  }
  throw new Error(`Uptime Kuma did not answer on port ${port} within ${timeoutMs / 1000} s`);
};

const call = (socket: KumaSocket, event: string, ...args: unknown[]): Promise<KumaAnswer> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Uptime Kuma did not answer '${event}' within 60 s`)), 60_000);
    socket.emit(event, ...args, (answer: KumaAnswer) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });

/** The body of an `add`: the web app's defaults for an HTTP monitor, with this run's URL, interval and timeout. */
const monitorBody = (spec: KumaMonitorSpec) => ({
  type: 'http',
  name: spec.name,
  parent: null,
  url: spec.url,
  method: 'GET',
  interval: spec.intervalSeconds,
  retryInterval: spec.intervalSeconds,
  resendInterval: 0,
  maxretries: 0,
  timeout: spec.timeoutSeconds,
  notificationIDList: {},
  ignoreTls: false,
  upsideDown: false,
  expiryNotification: false,
  domainExpiryNotification: false,
  maxredirects: 10,
  accepted_statuscodes: ['200-299'],
  saveResponse: false,
  saveErrorResponse: true,
  responseMaxLength: 1024,
  dns_resolve_type: 'A',
  dns_resolve_server: '',
  proxyId: null,
  authMethod: null,
  httpBodyEncoding: 'json',
  kafkaProducerBrokers: [],
  kafkaProducerSaslOptions: { mechanism: 'None' },
  cacheBust: false,
  rabbitmqNodes: [],
  conditions: [],
});

/**
 * Starts Kuma from `kumaDir` on 127.0.0.1:`port` with its data in `dataDir` (removed by `stop`),
 * and resolves once it answers HTTP. Its output goes to `<dataDir>.log` beside the data dir, kept
 * only if Kuma exits on its own.
 */
export const startKuma = async (opts: {
  kumaDir: string;
  port: number;
  dataDir: string;
  onUnexpectedExit: (error: Error) => void;
  /** Gets `stop` as soon as Kuma is spawned, so a Ctrl-C while it starts can stop it too. */
  onSpawned: (stop: () => Promise<void>) => void;
}): Promise<KumaPeer> => {
  const { kumaDir, port, dataDir } = opts;
  const version = kumaVersion(kumaDir);
  const logPath = `${dataDir}.log`;
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['server/server.js'], {
    cwd: kumaDir,
    // Its own process group: Ctrl-C reaches the benchmark, which stops Kuma itself.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      UPTIME_KUMA_HOST: '127.0.0.1',
      UPTIME_KUMA_PORT: String(port),
      UPTIME_KUMA_DB_TYPE: 'sqlite',
      TZ: 'UTC',
    },
  });
  fs.closeSync(log);
  let stopping = false;
  /** Kuma's log outlives the run only when Kuma died on its own: the error names it. */
  let keepLog = false;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    keepLog = true;
    opts.onUnexpectedExit(new Error(`Uptime Kuma exited (code ${code}, signal ${signal}); its log: ${logPath}`));
  });
  let socket: KumaSocket | undefined;
  let stopped: Promise<void> | undefined;
  /** Once, however often it is called (a second Ctrl-C waits for the first stop). */
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      stopping = true;
      socket?.disconnect();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const signalGroup = (signal: NodeJS.Signals) => {
          try {
            process.kill(-child.pid!, signal);
          } catch {
            // already gone
          }
        };
        signalGroup('SIGTERM');
        const timer = setTimeout(() => signalGroup('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!keepLog) fs.rmSync(logPath, { force: true });
    })());
  opts.onSpawned(stop);
  try {
    await waitForHttp(port, child, 180_000);
  } catch (error) {
    keepLog = true;
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its log: ${logPath}`);
  }

  const io = createRequire(path.join(kumaDir, 'package.json'))('socket.io-client') as { io: SocketFactory };

  const connect = async (): Promise<KumaSocket> => {
    const opened = io.io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    // Kuma registers its event handlers only after an await in its `connection` handler, so an
    // event sent right after `connect` is lost; its last word to a new client, `loginRequired`,
    // says the handlers are in place (the web app waits for it too).
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Uptime Kuma did not greet the socket.io client within 60 s')), 60_000);
      opened.once('loginRequired', () => {
        clearTimeout(timer);
        resolve();
      });
      opened.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    return opened;
  };

  return {
    pid: child.pid!,
    version,
    logPath,
    async addMonitors(monitors, inFlight, onProgress) {
      socket = await connect();
      const username = 'bench';
      const password = 'Bench-kuma-2026!versus';
      const setup = await call(socket, 'setup', username, password);
      if (!setup.ok) throw new Error(`Uptime Kuma setup failed: ${setup.msg}`);
      const login = await call(socket, 'login', { username, password, token: '' });
      if (!login.ok) throw new Error(`Uptime Kuma login failed: ${login.msg}`);
      let next = 0;
      let added = 0;
      const worker = async () => {
        while (next < monitors.length) {
          const spec = monitors[next++]!;
          const answer = await call(socket!, 'add', monitorBody(spec));
          if (!answer.ok) throw new Error(`Uptime Kuma refused monitor ${spec.name}: ${answer.msg}`);
          if (++added % 500 === 0) onProgress(added);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, inFlight) }, worker));
    },
    disconnect() {
      socket?.disconnect();
      socket = undefined;
    },
    stop,
  };
};
