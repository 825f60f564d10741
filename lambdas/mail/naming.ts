/**
 * How a mail names a contract: 'Home insurance with Aviva', or just 'Gym' when the provider is the
 * title itself (an import from a tracker with no provider field gives both the same name).
 */
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** ' with Aviva' after the title, or '' when the provider says nothing the title does not. */
export function withProvider(title: string, provider: string): string {
  return same(title, provider) ? '' : ` with ${provider}`;
}
