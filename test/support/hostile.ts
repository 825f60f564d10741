/**
 * Hostile inputs for the fuzz suite (test/integration/fuzz.test.ts): strings, values, raw bodies,
 * mutated bodies, path segments, query strings and content types that a route must refuse in words
 * (a 4xx), never with a 500 or a changed table.
 */
import fc from 'fast-check';

export const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  // Any code point, lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\r\n',
    '\u2028',
    '\u202E',
    '\uD800',
    'x\uDFFFy',
    '\uFEFF',
    // Hidden characters of every kind the one rule refuses (shared/visibleText.ts): variation
    // selectors hung on a name, tag characters, the braille blank, a joiner that joins nothing.
    `Sam${'\u{E0100}'.repeat(30)}`,
    `Sam${'\uFE0F'.repeat(30)}`,
    'Sam\u{E0053}\u{E0061}\u{E006D}',
    '\u2800',
    'a\u200Db',
    '<script>alert(1)</script>',
    "' OR '1'='1",
    '${7*7}',
    '../../etc/passwd',
    '%00',
    '%',
    'null',
    '__proto__',
    'constructor',
    '2027-02-30',
    '9999-12-31',
    '-1',
    '1e309',
    'https://evil.example/',
    '😀'.repeat(60),
  ),
  // Huge strings, up to about 200 KB (the local adapter refuses bodies over 1 MB).
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e21, Number.MAX_SAFE_INTEGER + 2, 100_000_001, 0.001),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

/** JSON texts that are not what a route expects, or not JSON at all. */
export const rawBody = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '[',
    'nul',
    '{"a":1,}',
    "{'a':1}",
    'a=b&c=d',
    '\u0000',
    '\uFEFF{}',
    '<?xml version="1.0"?><a/>',
    '{"a":1}{"b":2}',
    'NaN',
    '1e999',
    '"\\ud800"',
    '{"title":"\\u0000"}',
    '[]',
    'null',
    'true',
    '""',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"admin":true}}}',
  ),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? ''),
);

/** A valid body with one thing wrong: a field replaced, removed or added, or a pollution key. */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = Object.keys(valid);
  const rest = JSON.stringify(valid).slice(1, -1);
  const arbitraries: fc.Arbitrary<string>[] = [
    fc.constant(JSON.stringify(valid)),
    fc
      .tuple(fc.constantFrom(...fields, 'extra_field', 'is_admin', 'user_id', 'id'), hostileValue)
      .map(([field, value]) => JSON.stringify({ ...valid, [field]: value })),
    // A key the JSON text holds twice: the last one wins in JSON.parse.
    fc
      .tuple(fc.constantFrom(...fields, 'pk'), hostileValue)
      .map(
        ([field, value]) =>
          `{${rest}${rest ? ',' : ''}${JSON.stringify(field)}:${JSON.stringify(value) ?? 'null'}}`,
      ),
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), hostileValue)
      .map(
        ([key, value]) =>
          `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}${rest ? ',' : ''}${rest}}`,
      ),
  ];
  if (fields.length > 0) {
    arbitraries.push(
      fc.constantFrom(...fields).map((field) => JSON.stringify({ ...valid, [field]: undefined })),
    );
  }
  return fc.oneof(...arbitraries);
}

/** What stands for {id}: the owner's reminder, another UUID, or a hostile segment. */
export const idParam = fc.oneof(
  { weight: 3, arbitrary: fc.constant('OWNER_REMINDER') },
  fc.uuid().map((id) => id),
  fc.uuid().map((id) => id.toUpperCase()),
  // Raw dot segments are resolved by the URL parser before sending, so they can land on another
  // route: only ones that land on no route or a harmless one are generated (never '../me', which
  // as a DELETE would end the owner's account and so every case after it).
  fc.constantFrom(
    '..',
    '.',
    '../reminders',
    './x',
    // A backslash is a slash to the URL parser: this lands on /api/admin/…, an unknown API path.
    '..\\admin',
    '%2e%2e',
    '..%2F..%2Fadmin%2Fstats',
    '%00',
    '%C0%AE',
    '%25',
    '%2F',
    'REMINDER%23x',
    '%E2%80%AE',
    '%F0%9F%98%80',
    'é',
    '日本',
    '00000000-0000-0000-0000-000000000000',
    '%3Cscript%3E',
    // Malformed %-escapes: the local adapter must answer 400, as API Gateway does, never 500.
    '%',
    '%zz',
    '%E0%A4%A',
  ),
  fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
  fc.integer({ min: 100, max: 20_000 }).map((n) => 'a'.repeat(n)),
);

export const queryKey = fc.oneof(
  fc.constantFrom('limit', 'token', 'id', '__proto__', 'constructor', 'toString', 'a[]', 'a[b]', '', ' '),
  fc.string({ maxLength: 10 }),
);
export const queryValue = fc.oneof(
  fc.constantFrom(
    '10',
    '0',
    '-1',
    '101',
    '1.5',
    '1e2',
    '0x10',
    ' 5',
    '',
    'NaN',
    'Infinity',
    '%',
    '%zz',
    '%00',
    '+',
    '&',
    '=',
  ),
  hostileString.map((s) => s.slice(0, 400)),
);
/** Query strings: repeated keys, raw and encoded, odd separators. */
export const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc
        .tuple(queryKey, queryValue, fc.boolean())
        .map(([k, v, encode]) =>
          encode
            ? `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`
            : `${k}=${v}`,
        ),
      { minLength: 1, maxLength: 5 },
    )
    .chain((pairs) => fc.constantFrom('&', '&&', ';').map((sep) => `?${pairs.join(sep)}`)),
  fc.constantFrom(
    '?',
    '??',
    '?&',
    '?limit',
    '?limit=1&limit=2',
    '?token=a&token=b',
    '?limit=%FF%FE',
    '?%zz=1',
  ),
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  undefined,
);
