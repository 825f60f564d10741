import { afterAll } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { App, type AppProps } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp, type BuildAppOptions } from '../../lib/app.ts';
import type { RenewalRemindersStack } from '../../lib/stack.ts';
import { flatTemplate } from './flatten.ts';

/** The feature flags and settings of cdk.json, so tests synthesize what `cdk synth` synthesizes. */
const cdkJsonContext = (
  JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

export interface Synthesized {
  app: App;
  stack: RenewalRemindersStack;
  /** The stage's stack with its route stacks merged in (flatTemplate): every function, role and route. */
  template: Template;
}

const outdirs: string[] = [];

/**
 * An App whose (temporary) output directory cleanUp() removes: every App makes one. Without the
 * stack trace the CDK records for each construct's metadata, as `cdk synth` leaves it out unless
 * --debug: capturing them (through Vite's source maps here) is about a tenth of a synth's time, and no
 * template holds them.
 */
export function newApp(props: AppProps = {}): App {
  const app = new App({ stackTraces: false, ...props });
  outdirs.push(app.outdir);
  return app;
}

/**
 * Synths by context and options. A file's own synths are dropped after it (cleanUp); the plain dev
 * and prod synths that most files read are kept for the worker's life: the infra project does not
 * isolate its files (vitest.config.ts), so the files a worker runs share those two, made from the
 * current code in this run. Tests only read them. Their output directories go when the worker exits.
 * (Keeping every synth instead grows the worker's heap until garbage collection costs more than the
 * synths it saves.)
 */
const synthesized = new Map<string, Synthesized>();
const SHARED = new Set(
  [{}, { stage: 'dev' }, { stage: 'prod', domain: 'example.com' }].map((context) =>
    JSON.stringify([context, { nag: false }]),
  ),
);
const sharedOutdirs: string[] = [];
process.once('exit', () => {
  for (const dir of sharedOutdirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Builds and synthesizes the stack for the given context without bundling the lambdas (the
 * 'aws:cdk:bundling-stacks' context) and without the CloudFormation validation: about a second.
 * The same context and options synthesize once per worker (see above).
 */
export function synth(
  context: Record<string, unknown> = {},
  options: BuildAppOptions = { nag: false },
): Synthesized {
  const key = JSON.stringify([context, options]);
  let done = synthesized.get(key);
  if (!done) {
    done = synthesize(context, options);
    synthesized.set(key, done);
    if (SHARED.has(key)) sharedOutdirs.push(done.app.outdir);
  }
  return done;
}

function synthesize(context: Record<string, unknown>, options: BuildAppOptions): Synthesized {
  const app = newApp({
    builtinCloudFormationValidation: false,
    context: {
      ...cdkJsonContext,
      'aws:cdk:bundling-stacks': [],
      // Assets are hashed where they are, not copied into the App's output (about 20 MB each: the
      // web build, the AWS CLI layer of the web deployment): the templates are the same. A test of
      // what is staged asks for staging ('aws:cdk:disable-asset-staging': false).
      'aws:cdk:disable-asset-staging': true,
      stage: 'dev',
      ...context,
    },
  });
  const stack = buildApp(app, options);
  return { app, stack, template: flatTemplate(stack) };
}

/**
 * An App that stages its assets leaves ~20 MB of them in the temp directory: drop the file's own synths and remove
 * their Apps' output (afterAll); the shared synths' go at exit.
 */
export function cleanUp(): void {
  for (const key of synthesized.keys()) if (!SHARED.has(key)) synthesized.delete(key);
  for (const dir of outdirs.splice(0)) {
    if (!sharedOutdirs.includes(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The plain dev and prod stacks for a file's tests (synthesized once per worker, see `synth`), and the
 * file's own synths dropped after it.
 */
export function devAndProd(): { dev: Synthesized; prod: Synthesized } {
  afterAll(cleanUp);
  return { dev: synth({ stage: 'dev' }), prod: synth({ stage: 'prod', domain: 'example.com' }) };
}

type Resources = Record<
  string,
  { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }
>;

export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** Logical id of the only resource of a type whose properties match the predicate. */
export function logicalIdWhere(
  template: Template,
  type: string,
  predicate: (props: Record<string, unknown>) => boolean,
): string {
  const ids = Object.entries(resourcesOfType(template, type))
    .filter(([, r]) => predicate(r.Properties ?? {}))
    .map(([id]) => id);
  if (ids.length !== 1) throw new Error(`Expected one ${type}, found ${ids.length}`);
  return ids[0]!;
}

/** Every IAM action granted to the role of a Lambda function (inline policies attached to the role). */
export function actionsOfFunction(template: Template, functionLogicalId: string): Set<string> {
  const fn = resourcesOfType(template, 'AWS::Lambda::Function')[functionLogicalId];
  const roleRef = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const actions = new Set<string>();
  for (const policy of Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))) {
    const roles = policy.Properties?.Roles as { Ref: string }[];
    if (!roles.some((r) => r.Ref === roleRef)) continue;
    const statements = (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] })
      .Statement;
    for (const s of statements) for (const a of [s.Action].flat()) actions.add(a);
  }
  return actions;
}

/** Logical ids a resource depends on: Ref, Fn::GetAtt, ${Id} in Fn::Sub, and DependsOn. */
function dependenciesOf(resource: Resources[string], ids: Set<string>): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string' && ids.has(inner)) found.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner) && ids.has(String(inner[0])))
        found.add(String(inner[0]));
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(inner) ? String(inner[0]) : String(inner);
        for (const [, id] of text.matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z.]+)?\}/g))
          if (ids.has(id!)) found.add(id!);
        if (Array.isArray(inner)) visit(inner[1]);
      }
      visit(inner);
    }
  };
  visit(resource.Properties);
  for (const id of [resource.DependsOn ?? []].flat()) if (ids.has(String(id))) found.add(String(id));
  return found;
}

/**
 * A dependency cycle between the template's resources, as the list of logical ids that form it, or
 * undefined. CDK does not detect these (CloudFormation rejects them at deploy time), and the tests
 * synthesize without the CloudFormation validation.
 */
export function dependencyCycle(template: Template): string[] | undefined {
  const resources = template.toJSON().Resources as Resources;
  const ids = new Set(Object.keys(resources));
  const edges = new Map([...ids].map((id) => [id, dependenciesOf(resources[id]!, ids)]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const next of edges.get(id)!) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of ids) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}

/** Every Lambda function of the template, by logical id. */
export function functionIds(template: Template): string[] {
  return Object.keys(resourcesOfType(template, 'AWS::Lambda::Function'));
}

/** The functions whose roles may read the secret `secretId` (secretsmanager:GetSecretValue on it), sorted. */
export function secretReaderIds(template: Template, secretId: string): string[] {
  const ref = JSON.stringify({ Ref: secretId });
  const roles = new Set(
    Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
      .filter((policy) =>
        (
          policy.Properties?.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }
        ).Statement.some(
          (st) =>
            [st.Action].flat().includes('secretsmanager:GetSecretValue') &&
            [st.Resource].flat().some((resource) => JSON.stringify(resource) === ref),
        ),
      )
      .flatMap((policy) => (policy.Properties?.Roles as { Ref: string }[]).map((role) => role.Ref)),
  );
  return Object.entries(resourcesOfType(template, 'AWS::Lambda::Function'))
    .filter(([, fn]) =>
      roles.has((fn.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]),
    )
    .map(([id]) => id)
    .sort();
}
