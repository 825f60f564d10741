import { useState } from 'react';

/** Quarter starts (January, April, July, October): when Ofgem's energy price cap changes. */
const PRICE_CAP_MONTHS = [0, 3, 6, 9];

/** The next price-cap change after `now`, as '1 April 2027'. */
export function nextPriceCapChange(now: Date): string {
  const month = PRICE_CAP_MONTHS.find((m) => m > now.getMonth());
  const next = new Date(month === undefined ? now.getFullYear() + 1 : now.getFullYear(), month ?? 0, 1);
  return next.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

const DISMISSED_KEY = 'rr.countryTip.dismissed';

/**
 * Whether the country tip says something new: a UK household is told to add its energy contract
 * only when it has none; the tip for elsewhere is for someone with few reminders yet. A dismissed tip
 * stays dismissed in this browser.
 */
export function countryTipApplies(country: string, reminders: readonly { category: string }[]): boolean {
  if (localStorage.getItem(DISMISSED_KEY) === 'true') return false;
  if (country === 'GB') return !reminders.some((r) => r.category === 'utilities_energy');
  return reminders.length < 3;
}

/**
 * Feature flag country_cta_v1: a call to action for the user's country, below the reminders. UK
 * users get the next Ofgem price-cap change, the renewal most households miss; everyone else learns
 * that reminders work for any contract, wherever they live.
 */
export function CountryCallToAction({ country }: { country: string }) {
  const uk = country === 'GB';
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, 'true');
    setDismissed(true);
  };
  return (
    <aside className="card country-cta" aria-label={uk ? 'Tip for UK households' : 'Tip for your country'}>
      <button type="button" className="btn btn-ghost btn-sm country-cta-dismiss" onClick={dismiss}>
        Dismiss
      </button>
      <p>
        {uk
          ? `The energy price cap changes on ${nextPriceCapChange(new Date())}. Add your energy contract and we will remind you to compare fixed tariffs before then.`
          : 'Reminders work for any renewal date, wherever you live: add the contracts that renew where you are and we will e-mail you in good time.'}
      </p>
    </aside>
  );
}
