import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPath, ROUTES } from '../../shared/routes.ts';

describe('route manifest', () => {
  it('has unique names and unique method + path pairs', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
  });
  it('points every route at a handler file that exists', () => {
    for (const route of ROUTES) {
      expect(fs.existsSync(path.join('lambdas/handlers/api', `${route.name}.ts`)), route.name).toBe(true);
    }
  });
  it('keeps every route under /api', () => {
    for (const route of ROUTES) expect(route.path.startsWith('/api/')).toBe(true);
  });
});

describe('matchPath', () => {
  it('extracts parameters and refuses other shapes', () => {
    expect(matchPath('/api/reminders/{id}', '/api/reminders/abc')).toEqual({ id: 'abc' });
    expect(matchPath('/api/reminders/{id}', '/api/reminders/')).toBeNull();
    expect(matchPath('/api/reminders/{id}', '/api/reminders/a/b')).toBeNull();
    expect(matchPath('/api/reminders', '/api/reminders')).toEqual({});
    expect(matchPath('/api/me', '/api/you')).toBeNull();
  });
});
