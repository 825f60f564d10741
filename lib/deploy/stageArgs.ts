import { DEFAULT_REGION } from '../config.ts';
import { EDGE_REGION } from '../edge.ts';
import { stageContext, stageOf } from '../stages.ts';

/** The stage a deploy or preflight is about: its name, its region, and the stacks it is made of. */
export interface StageTarget {
  stage: string;
  region: string;
  /** The stacks of the stage in the order they deploy (the edge stack first), each with its region. */
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

/**
 * The context of a deploy or preflight, as the CDK app will see it: the arguments' context with the
 * stage's file (stages/{stage}.json), which refuses a setting the file does not hold (lib/stages.ts).
 */
export const argsContext = (args: readonly string[]) => stageContext(contextOf(args));

/** The stage of a context (argsContext), with its region from the stage's settings. */
export function stageTarget(context: Record<string, unknown>): StageTarget {
  const stage = stageOf(context);
  const region = typeof context.region === 'string' ? context.region : DEFAULT_REGION;
  return {
    stage,
    region,
    // The stage's stack reads the edge stack's web ACL: the edge stack deploys first. A stage
    // with webAcl=false has none.
    stacks: [
      ...(['false', false].includes(context.webAcl as string | boolean)
        ? []
        : [{ name: `RenewalReminders-${stage}-edge`, region: EDGE_REGION }]),
      { name: `RenewalReminders-${stage}`, region },
      // The inbox's receiving in another region reads the stage's table: it deploys last.
      ...(typeof context.domain === 'string' &&
      typeof context.inboxRegion === 'string' &&
      context.inboxRegion !== region
        ? [{ name: `RenewalReminders-${stage}-inbox`, region: context.inboxRegion }]
        : []),
    ],
  };
}
