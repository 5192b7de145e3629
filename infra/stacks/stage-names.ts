/**
 * Names of stacks and named resources. Every physical name carries the stage so two stages (say dev
 * and prod) can live in one account and region without clashing.
 */
export const stackName = (stage: string, concern: string): string => `Upwatch-${stage}-${concern}`;

export const checkerStackName = (stage: string, region: string): string => stackName(stage, `Checks-${region}`);

export const stageResourceName = (name: string, stage: string): string => `${name}-${stage}`;
