/**
 * The React Email templates, by name, found in this folder: their source for `npm run mail:plans`
 * (scripts/mail-plans.ts), which compiles each into lambdas/mail/plans/<name>.ts, and their direct
 * render, which the tests compare the filled mails with and which fill.ts falls back to outside the
 * Lambdas. No Lambda bundle contains this module or React Email.
 */
import { readdirSync } from 'node:fs';
import { renderBodies, type Bodies, type MailView } from '../compile.ts';
import type { TemplateSource } from './shapes.ts';

export type { TemplateSource };

const HERE = new URL('./', import.meta.url);
let loaded: Promise<Record<string, TemplateSource>> | undefined;

/**
 * Every template, by name: the `templates` each .tsx file of this folder exports (./shapes.ts), so
 * a new template file needs no line here. Two templates of one name are refused.
 */
export function loadTemplates(): Promise<Record<string, TemplateSource>> {
  loaded ??= (async () => {
    const files = readdirSync(HERE)
      .filter((name) => name.endsWith('.tsx') && name !== 'index.tsx')
      .sort();
    const all: Record<string, TemplateSource> = {};
    for (const file of files) {
      const module = (await import(new URL(file, HERE).href)) as {
        templates?: Record<string, TemplateSource>;
      };
      for (const [name, source] of Object.entries(module.templates ?? {})) {
        if (Object.hasOwn(all, name)) throw new Error(`Two mail templates are named ${name}`);
        all[name] = source;
      }
    }
    return all;
  })();
  return loaded;
}

/** A template's view rendered by React Email (fill.ts's fallback). */
export async function renderDirect(template: string, view: MailView): Promise<Bodies> {
  const templates = await loadTemplates();
  const found = Object.hasOwn(templates, template) ? templates[template] : undefined;
  if (!found) throw new Error(`No mail template ${template}`);
  return renderBodies(found.build(view));
}
