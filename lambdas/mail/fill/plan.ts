/**
 * What a compiled mail is made of: the per-mail strings a template is filled with (a view), and the
 * plan of one frame shape that the fill joins them into (lambdas/mail/fill.ts explains the whole).
 * The compiler (lambdas/mail/compile.ts) makes plans, planData.ts stores and reads them, values.ts
 * and text.ts fill them.
 */

/** One part's per-mail strings; null where the part leaves a piece out (a shape, not a value). */
export type Fields = Readonly<Record<string, string | null>>;

export interface ItemView {
  readonly kind: string;
  readonly fields: Fields;
}

export interface MailView {
  /** Layout's preview when it varies per mail; leave it out when the template fixes it. */
  readonly preview?: string;
  /** Markup the template chooses beyond null fields (the welcome mail's lifetime-free line). */
  readonly variant?: string;
  readonly fields: Fields;
  readonly items?: readonly ItemView[];
}

export interface Bodies {
  html: string;
  text: string;
}

/** @react-email/preview cuts the preview at this length and pads shorter ones with invisible characters. */
export const PREVIEW_MAX_LENGTH = 150;
/**
 * The pseudo-fields of the preview text and of its padding: PAD stands for `<div>` + the padding
 * unit repeated (150 - preview length) times + `</div>`, or nothing for a preview of 150 characters
 * or more, as @react-email/preview renders it.
 */
export const PREVIEW = '@preview';
export const PAD = '@pad';
export const PAD_OPEN = '<div>';
export const PAD_CLOSE = '</div>';

export const fail = (why: string): never => {
  throw new Error(`Mail compile: ${why}`);
};

const nullFields = (fields: Fields) =>
  Object.keys(fields)
    .filter((k) => fields[k] === null)
    .sort()
    .join(',');
export const itemShape = (item: ItemView) => `${item.kind}(${nullFields(item.fields)})`;
/**
 * What changes the markup beyond the values: the variant, whether the preview varies, and which
 * fields are null. One plan per frame shape.
 */
export const frameShape = (view: MailView) =>
  `${view.variant ?? ''}|${view.preview === undefined ? '' : 'preview'}|${nullFields(view.fields)}`;

/** Where a token stands in one body: `id` names its place in the template, whatever the values. */
export interface Occurrence {
  readonly id: string;
  readonly field: string;
  readonly upper: boolean;
}

/** One body of one frame shape, cut at the values. */
export interface BodyPlan {
  frame: Occurrence[];
  /** How many of the frame's occurrences come before the items. */
  frameBefore: number;
  items: Map<string, Occurrence[]>;
  /** The static text between two occurrences, keyed `${before.id}>${after.id}` ('^' and '$' at the ends). */
  statics: Map<string, string>;
}

export interface Plan {
  html: BodyPlan;
  text: BodyPlan;
  /** One unit of Preview's padding, repeated (150 - preview length) times. */
  padUnit: string;
  /** The fields that are whole href values, per part: filled only when they are plain http(s) links. */
  links: { frame: Set<string>; items: Map<string, Set<string>> };
}
