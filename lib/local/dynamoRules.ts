/** The DynamoDB stand-in's rules that need no server: item locks, and simple conditions. */

type Json = Record<string, unknown>;

/**
 * Locks on items, granted in arrival order: a write waits while an item it touches is held, or wanted
 * by a write that came before it and still waits. Writes on different items run at once, as
 * DynamoDB's do; a transaction holds all its items while it checks, then applies, them one by one,
 * so no other write sees or changes one of them half-way. Reads take no lock.
 */
export function keyLock() {
  const held = new Set<string>();
  const waiting: { keys: string[]; start: () => void }[] = [];
  const pump = () => {
    const wanted = new Set<string>();
    for (let i = 0; i < waiting.length;) {
      const next = waiting[i]!;
      if (next.keys.some((key) => held.has(key) || wanted.has(key))) {
        for (const key of next.keys) wanted.add(key);
        i++;
        continue;
      }
      waiting.splice(i, 1);
      for (const key of next.keys) held.add(key);
      next.start();
    }
  };
  return <T>(keys: readonly string[], work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const mine = [...new Set(keys)];
      waiting.push({
        keys: mine,
        start: () => {
          void Promise.resolve()
            .then(work)
            .then(resolve, reject)
            .finally(() => {
              for (const key of mine) held.delete(key);
              pump();
            });
        },
      });
      pump();
    });
}

/**
 * A condition made only of `attribute_exists(a)`, `attribute_not_exists(a)` and `a = :v` terms
 * joined by AND, evaluated on `item` (undefined: no item); undefined for any other condition.
 */
export function simpleCondition(expression: string, op: Json, item: Json | undefined): boolean | undefined {
  const names = (op.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (op.ExpressionAttributeValues ?? {}) as Json;
  const attribute = (token: string) => (token.startsWith('#') ? names[token] : token);
  const terms = expression.trim().split(/\s+AND\s+/);
  let holds = true;
  for (const term of terms) {
    const existence = /^attribute_(not_)?exists\(\s*([#\w]+)\s*\)$/.exec(term.trim());
    const equality = /^([#\w]+)\s*=\s*(:\w+)$/.exec(term.trim());
    if (existence) {
      const name = attribute(existence[2]!);
      if (name === undefined) return undefined;
      const present = item !== undefined && item[name] !== undefined;
      holds &&= existence[1] ? !present : present;
    } else if (equality) {
      const name = attribute(equality[1]!);
      const value = values[equality[2]!];
      if (name === undefined || value === undefined) return undefined;
      holds &&= item !== undefined && JSON.stringify(item[name]) === JSON.stringify(value);
    } else {
      return undefined;
    }
  }
  return holds;
}
