import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_OPTIONS, STAGE_SETTINGS } from './config.ts';

/**
 * Each stage's settings live in a committed file, `stages/{stage}.json` (decision 0048): a deploy
 * that leaves out a `-c` setting would otherwise change the live stage to the defaults (its mail
 * identity, DNS records, custom domains, alarm subscription gone). The CDK app (bin/app.ts), the
 * deploy and the preflight all read the stage's context through stageContext.
 */
export const STAGES_DIR = fileURLToPath(new URL('../stages', import.meta.url));

type Context = Record<string, unknown>;

const SETTINGS = new Set<string>(STAGE_SETTINGS);

/** The stage a context names (`-c stage=…`), dev by default as in readStageConfig. */
export const stageOf = (context: Context): string =>
  typeof context.stage === 'string' && context.stage !== '' ? context.stage : 'dev';

/** Where a stage's file is, relative to the repository (for messages). */
export const stageFileName = (stage: string) => `stages/${stage}.json`;

/**
 * The settings of a stage file: a JSON object of STAGE_SETTINGS only (a misspelt key would otherwise
 * be a setting silently left at its default), each a string, number or boolean (featureFlags may be
 * an object). Throws a message naming the file and the key.
 */
export function parseStageFile(text: string, name: string): Context {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${name} must be a JSON object of stage settings`);
  for (const [key, value] of Object.entries(parsed)) {
    if ((RUN_OPTIONS as readonly string[]).includes(key))
      throw new Error(
        `${name}: '${key}' says how one run goes, not what the stage is: give it on the command line (-c ${key}=…)`,
      );
    if (!SETTINGS.has(key))
      throw new Error(`${name}: '${key}' is not a stage setting (docs/deploying.md lists them)`);
    const plain = ['string', 'number', 'boolean'].includes(typeof value);
    if (!plain && !(key === 'featureFlags' && value !== null && typeof value === 'object'))
      throw new Error(`${name}: '${key}' must be a string, number or true/false`);
  }
  return parsed as Context;
}

/** The settings of `stage` from its file in `dir`, or undefined when the stage has none. */
export function readStageFile(stage: string, dir = STAGES_DIR): Context | undefined {
  // The stage name is checked by readStageConfig too; here it must not reach outside the folder.
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) return undefined;
  const path = join(dir, `${stage}.json`);
  if (!existsSync(path)) return undefined;
  return parseStageFile(readFileSync(path, 'utf8'), stageFileName(stage));
}

/** A context value as the command line gives it (`-c key=value` arrives as text). */
const asText = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

function sameValue(fromFile: unknown, given: unknown): boolean {
  if (asText(fromFile) === asText(given)) return true;
  if (typeof fromFile === 'object' && typeof given === 'string') {
    try {
      return JSON.stringify(JSON.parse(given)) === JSON.stringify(fromFile);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The context a run of `stage` synthesizes with: its file's settings beside the given context (the
 * command line's, with cdk.json's). A stage with a file takes its settings from the file alone: a
 * setting given on the command line that the file does not hold, or holds with another value, stops
 * the run, so what is deployed is what is committed. A stage without a file (a developer's own, say)
 * takes its settings from the command line as before.
 */
export function stageContext(given: Context, dir = STAGES_DIR): Context {
  const stage = stageOf(given);
  const file = readStageFile(stage, dir);
  if (!file) return given;
  const name = stageFileName(stage);
  for (const key of STAGE_SETTINGS) {
    const value = given[key];
    if (value === undefined) continue;
    if (!(key in file))
      throw new Error(
        `Stage '${stage}' takes its settings from ${name}, which has no '${key}': put "${key}": ${JSON.stringify(value)} in the file and commit it, rather than -c ${key}=… (a later deploy without it would undo it)`,
      );
    if (!sameValue(file[key], value))
      throw new Error(
        `Stage '${stage}' takes its settings from ${name}, where '${key}' is ${JSON.stringify(file[key])}, not ${JSON.stringify(value)}: change the file and commit it, rather than -c ${key}=…`,
      );
  }
  return { ...given, ...file };
}
