import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, type AppProps } from 'aws-cdk-lib';
import { afterAll } from 'vitest';
import { readAppSettings, type AppSettings } from '../../infra/bin/app-settings.js';
import { buildApp, type UpwatchStacks } from '../../infra/bin/build-app.js';

// Every synth writes a cloud assembly; keep them all under one folder removed after the test file.
// (Test files are isolated, so this module, and this hook, exist once per file.)
const scratch = mkdtempSync(path.join(tmpdir(), 'upwatch-infra-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh empty folder, removed after the test file. */
export const scratchDir = (prefix: string): string => mkdtempSync(path.join(scratch, prefix));

/**
 * Builds the whole Upwatch app as `cdk synth` would, from CDK context alone (the shell's environment
 * is ignored so a developer's CDK_DEFAULT_ACCOUNT cannot change what the tests see). Lambda bundling
 * and asset copying are skipped: the assertions are about the templates, and esbuild plus a copy of
 * every asset per synth would make each test slow and fill the temp folder. CDK's own CloudFormation
 * rule check is off here too; app.test.ts runs it once over the whole app.
 */
export const buildTestApp = (
  context: Record<string, unknown> = {},
  overrides: Partial<AppSettings> = {},
  appProps: AppProps = { builtinCloudFormationValidation: false },
): UpwatchStacks => {
  const app = new App({
    ...appProps,
    outdir: scratchDir('cdk.out-'),
    context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true, ...context },
  });
  return buildApp(app, { ...readAppSettings(app.node, {}), ...overrides });
};

/** An empty app for reading settings, its assembly folder inside the scratch folder. */
export const emptyTestApp = (context: Record<string, unknown>): App =>
  new App({ outdir: scratchDir('cdk.out-'), context });
