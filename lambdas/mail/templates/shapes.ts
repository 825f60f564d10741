/**
 * What a template file gives `npm run mail:plans` (scripts/mail-plans.ts) and the direct render
 * (./index.tsx): each file of this folder exports `templates`, its templates by name, each with one
 * view per frame shape its plans are compiled for. A new template file is found by itself.
 */
import type { ReactElement } from 'react';
import type { ItemView, MailView } from '../compile.ts';

export interface TemplateSource {
  build: (view: MailView) => ReactElement;
  /** One view per frame shape (its strings are ignored). */
  views: readonly MailView[];
  /** One item per item shape, for a template made of items. */
  itemShapes?: readonly ItemView[];
}

/**
 * Every frame shape of a template, from one view of it: each combination of the fields that can be
 * null, for each variant.
 */
export function frameShapes<V extends MailView>(
  base: V,
  {
    nullable = [],
    variants,
  }: { nullable?: readonly (keyof V['fields'] & string)[]; variants?: readonly string[] } = {},
): V[] {
  const views: V[] = [];
  for (const variant of variants ?? [base.variant]) {
    for (let mask = 0; mask < 1 << nullable.length; mask++) {
      const fields: Record<string, string | null> = { ...base.fields };
      nullable.forEach((field, i) => (fields[field] = mask & (1 << i) ? null : ''));
      views.push({ ...base, variant, fields });
    }
  }
  return views;
}

export const source = <V extends MailView>(
  build: (view: V) => ReactElement,
  views: readonly V[],
  itemShapes?: readonly ItemView[],
): TemplateSource => ({ build: build as (view: MailView) => ReactElement, views, itemShapes });

/** Sample values for the views: only their shapes count (their strings are ignored). */
export const site = 'https://example.test';
export const renewal = {
  id: 'r',
  title: 'Home insurance',
  provider: 'Aviva',
  category: 'insurance',
  renewal_date: '2030-01-15',
  amount: 1,
} as const;
