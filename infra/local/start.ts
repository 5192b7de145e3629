import { startLocalCloud, type LocalCloud } from './cloud.js';
import { readLocalSettings } from './settings.js';

/**
 * `npm start`: the whole product on this machine, no AWS account. One line per part, Ctrl-C stops
 * everything, and a part that crashes takes the cloud down with its log tail on screen.
 */
const settings = readLocalSettings();
let shuttingDown = false;

const banner = (lines: string[]) => console.log(lines.map((line) => `  ${line}`).join('\n'));

const main = async () => {
  console.log('Upwatch local cloud: starting (first start takes a little longer)...');
  // Assigned once start-up succeeds; a crash during start-up finds it undefined.
  const started: { cloud?: LocalCloud } = {};
  started.cloud = await startLocalCloud(settings, {
    log: (line) => console.log(`[api] ${line}`),
    onCrash: (part, reason) => {
      if (shuttingDown) return;
      shuttingDown = true;
      console.error(`\n!!! ${part} CRASHED: ${reason}\n!!! Stopping the local cloud.`);
      // During start-up there is no cloud yet; exiting kills the children that did start.
      void (started.cloud?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
    },
  });
  const running = started.cloud;

  banner(['', ...running.parts.map((part) => part.describe)]);
  banner([
    '',
    `Data:   ${settings.dataDir} (delete it to start from scratch; logs in ${settings.dataDir}/logs)`,
    `Admin:  ${settings.admin.email} / ${settings.admin.password}` +
      (settings.admin.fromDefaults ? '  (defaults: set UPWATCH_ADMIN_EMAIL and UPWATCH_ADMIN_PASSWORD to change)' : ''),
    `Open ${running.urls.gateway} - mail sent by the app shows up at ${running.urls.ses}/ , alert channels' messages at ${running.urls.channels}/`,
    ...(settings.allowPrivateTargets
      ? [
          '!!! UPWATCH_ALLOW_PRIVATE_TARGETS=1: checks may reach loopback addresses (127.0.0.0/8, ::1).',
          '!!! For local demos and tests only; never set it on a shared machine.',
        ]
      : []),
    'Ready. Ctrl-C stops everything.',
    '',
  ]);

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal}: stopping the local cloud...`);
    void running.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
};

main().catch((error: unknown) => {
  console.error(`\nUpwatch local cloud could not start:\n${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
