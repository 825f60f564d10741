/**
 * Filling compiled mails: what a Lambda runs to turn a mail's strings into its HTML and plain-text
 * bodies, without React. The plans it fills are made at build time from the React Email templates
 * (lambdas/mail/compile.ts explains how; `npm run mail:plans` writes them to lambdas/mail/plans/), and
 * the result is byte-identical to React Email's own render (test/unit/mail-compile.test.ts):
 *
 * - HTML: a value is escaped as React escapes text and attribute values, after replacing lone UTF-16
 *   surrogates with U+FFFD as React's UTF-8 stream does (fill/escape.ts, fill/values.ts).
 * - Plain text: html-to-text (inside @react-email/render) collapses whitespace runs, drops them at the
 *   edges of a block and upper-cases headings. The fill applies the same collapsing and casing to
 *   each value, in context (fill/text.ts).
 *
 * A mail the fill cannot reproduce exactly (a link that is not http(s), a block left with no words,
 * an HTML body past html-to-text's input limit; none of which the product's mails produce) is
 * rendered directly by React Email instead, which only the tests and the local stack can do: the
 * Lambda bundles leave React Email out, so there such a mail fails with an error saying why.
 *
 * This module is the templates the Lambdas fill; its parts are under fill/: what a view and a plan
 * are (plan.ts), plans as data (planData.ts), escaping (escape.ts), filling the values and the HTML
 * body (values.ts), and the plain-text body (text.ts).
 */
import { frameShape, type Bodies, type MailView, type Plan } from './fill/plan.ts';
import { planFromData, stringsOf, type PlanSetData } from './fill/planData.ts';
import { fillText } from './fill/text.ts';
import { fillHtml } from './fill/values.ts';

/** The generated plans modules (lambdas/mail/plans/) name their type from here. */
export type { PlanSetData };

/** Both bodies of `view` filled into `plan`, or null when only the direct render gets them right. */
export function fill(plan: Plan, view: MailView): Bodies | null {
  const html = fillHtml(plan, view);
  if (html === null) return null;
  const text = fillText(plan, view);
  return text === null ? null : { html, text };
}

let fallbacks = 0;
/** How many mails this process rendered directly because the fill could not reproduce them (tests read it). */
export const directFallbacks = () => fallbacks;
/** For the compiler's templates (compile.ts), which fall back to their own render. */
export const countFallback = () => void fallbacks++;

/**
 * Where the direct renders live (React Email): not part of any Lambda bundle, since esbuild does not
 * follow an import of a computed URL. The tests and the local stack load it from the source tree.
 */
const DIRECT_RENDER = new URL('./templates/index.tsx', import.meta.url).href;

interface DirectModule {
  renderDirect(template: string, view: MailView): Promise<Bodies>;
}

async function renderDirect(template: string, view: MailView): Promise<Bodies> {
  let direct: DirectModule;
  try {
    direct = (await import(DIRECT_RENDER)) as DirectModule;
  } catch (error) {
    throw new Error(
      `Mail ${template}: this mail needs React Email's own render (a link that is not http(s), or a block with no words), which the Lambda bundles leave out`,
      { cause: error },
    );
  }
  return direct.renderDirect(template, view);
}

/** A template filled from its build-time plans. */
export interface PrebuiltTemplate<V extends MailView> {
  render(view: V): Promise<Bodies>;
  /** The HTML body only. */
  html(view: V): Promise<string>;
}

export function prebuiltTemplate<V extends MailView>(data: PlanSetData): PrebuiltTemplate<V> {
  const plans = new Map<string, Plan>();
  let strings: string[] | undefined;
  const planOf = (view: V) => {
    const shape = frameShape(view);
    let plan = plans.get(shape);
    if (!plan && Object.hasOwn(data.shapes, shape)) {
      strings ??= stringsOf(data);
      plan = planFromData(data.shapes[shape]!, strings);
      plans.set(shape, plan);
    }
    return plan;
  };
  return {
    async render(view) {
      const plan = planOf(view);
      const filled = plan ? fill(plan, view) : null;
      if (filled) return filled;
      fallbacks++;
      return renderDirect(data.template, view);
    },
    async html(view) {
      const plan = planOf(view);
      const filled = plan ? fillHtml(plan, view) : null;
      if (filled !== null) return filled;
      fallbacks++;
      return (await renderDirect(data.template, view)).html;
    },
  };
}
