/**
 * The inflation figures April's telecoms price rises are counted from: a contract signed before 17
 * January 2025 may raise its price each April by the CPI or RPI rate of the December before,
 * published by the ONS in January, plus 3.9%. One row per April, each figure with its source;
 * docs/uk-renewal-rules.md says what was read for each and when. Added by hand once the ONS
 * publishes December's figures; until then an April is projected with the latest row.
 */

export interface PublishedFigures {
  /** The April the rise is made in. */
  april: number;
  /** The 12-month rates of December before that April, in percent. */
  cpi: number;
  rpi: number;
  /** The ONS release they come from. */
  source: { name: string; url: string; published: string };
}

/** Oldest first. */
export const PUBLISHED_FIGURES: readonly PublishedFigures[] = [
  {
    april: 2026,
    cpi: 3.4,
    rpi: 4.2,
    source: {
      name: 'ONS: Consumer price inflation, UK: December 2025',
      url: 'https://www.ons.gov.uk/economy/inflationandpriceindices/bulletins/consumerpriceinflation/december2025',
      published: '2026-01-21',
    },
  },
];

/**
 * The figures for `april`: its own once published (`known`), else the latest before it; null when
 * the table has nothing as old.
 */
export function figuresFor(april: number): { figures: PublishedFigures; known: boolean } | null {
  const own = PUBLISHED_FIGURES.find((f) => f.april === april);
  if (own) return { figures: own, known: true };
  const latest = PUBLISHED_FIGURES.filter((f) => f.april < april).at(-1);
  return latest ? { figures: latest, known: false } : null;
}
