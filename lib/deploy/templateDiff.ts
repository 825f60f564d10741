import type { ResourceChange } from './guard.ts';

interface TemplateJson {
  Resources?: Record<string, { Type: string; Properties?: unknown }>;
}

/** The paths (/Properties/A/B) where two property values differ; an array differs as a whole. */
function differences(before: unknown, after: unknown, path: string): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(before) || !isObject(after)) return [path];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => differences(before[key], after[key], `${path}/${key}`));
}

/**
 * The resource changes from one template to another, as far as templates tell: a logical id gone is
 * a Remove, one new an Add, one whose type changed a Replace, changed properties a Modify with their
 * paths. (Whether a property change replaces the resource only CloudFormation knows: a deploy reads
 * that from its change sets, lib/deploy/changeSets.ts.) The tests use it to show what the guard
 * makes of two synthesized stages.
 */
export function templateChanges(stack: string, before: TemplateJson, after: TemplateJson): ResourceChange[] {
  const old = before.Resources ?? {};
  const now = after.Resources ?? {};
  const changes: ResourceChange[] = [];
  for (const [logicalId, resource] of Object.entries(old)) {
    const next = now[logicalId];
    if (!next) changes.push({ stack, logicalId, type: resource.Type, action: 'Remove' });
    else if (next.Type !== resource.Type)
      changes.push({ stack, logicalId, type: resource.Type, action: 'Replace' });
    else {
      const paths = differences(resource.Properties, next.Properties, '/Properties');
      if (paths.length > 0) changes.push({ stack, logicalId, type: resource.Type, action: 'Modify', paths });
    }
  }
  for (const [logicalId, resource] of Object.entries(now))
    if (!(logicalId in old)) changes.push({ stack, logicalId, type: resource.Type, action: 'Add' });
  return changes;
}
