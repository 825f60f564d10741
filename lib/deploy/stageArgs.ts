import { DEFAULT_REGION } from '../config.ts';
import { EDGE_REGION } from '../edge.ts';

/** The stage a deploy or preflight is about, read from its CDK arguments (`-c stage=prod -c region=…`). */
export interface StageTarget {
  stage: string;
  region: string;
  /** The two stacks of the stage, each with the region it lives in. */
  stacks: readonly { name: string; region: string }[];
}

/** The value of context `key` in CDK CLI arguments (`-c key=v`, `--context key=v`, `--context=key=v`). */
export function contextValue(args: readonly string[], key: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const pair = arg === '-c' || arg === '--context' ? args[i + 1] : arg.replace(/^--context=/, '');
    if (pair?.startsWith(`${key}=`)) return pair.slice(key.length + 1);
  }
  return undefined;
}

/** Every context value of CDK CLI arguments, as the app would read them. */
export function contextOf(args: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const pair =
      arg === '-c' || arg === '--context'
        ? args[++i]
        : arg.startsWith('--context=')
          ? arg.slice(10)
          : undefined;
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) context[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return context;
}

export function stageTarget(args: readonly string[]): StageTarget {
  const stage = contextValue(args, 'stage') ?? 'dev';
  const region = contextValue(args, 'region') ?? DEFAULT_REGION;
  return {
    stage,
    region,
    stacks: [
      { name: `RenewalReminders-${stage}`, region },
      { name: `RenewalReminders-${stage}-edge`, region: EDGE_REGION },
    ],
  };
}
