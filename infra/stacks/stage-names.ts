/**
 * Names of stacks and named resources. Every physical name carries the stage so two stages (say dev
 * and prod) can live in one account and region without clashing.
 */
export const stackName = (stage: string, concern: string): string => `Upwatch-${stage}-${concern}`;

export const checkerStackName = (stage: string, region: string): string => stackName(stage, `Checks-${region}`);

export const stageResourceName = (name: string, stage: string): string => `${name}-${stage}`;

/**
 * The alias of the KMS key that seals monitor secrets (data stack; docs/checks.md "Secrets"). A
 * plain string, so the checker stacks in other regions can name it without a cross-region reference.
 */
export const monitorSecretsKeyAlias = (stage: string): string => `alias/${stageResourceName('upwatch-monitor-secrets', stage)}`;

/** The tag on the roles that may open monitor secrets (the checkers); the key policy names it. */
export const OPENS_MONITOR_SECRETS_TAG = 'upwatch-opens-monitor-secrets';
