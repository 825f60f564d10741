/** The DynamoDB stand-in decides simple transaction conditions from its read; anything else goes to dynalite. */
import { describe, expect, it } from 'vitest';
import { keyLock, simpleCondition } from '../../lib/local/dynamoRules.ts';

const item = { pk: { S: 'USER#1' }, status: { S: 'claimed' }, on: { BOOL: true } };
const op = {
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':claimed': { S: 'claimed' }, ':on': { BOOL: true }, ':other': { S: 'sent' } },
};

describe('simpleCondition', () => {
  it('decides existence and equality joined by AND, on an item or none', () => {
    expect(simpleCondition('attribute_exists(pk)', op, item)).toBe(true);
    expect(simpleCondition('attribute_not_exists(pk)', op, item)).toBe(false);
    expect(simpleCondition('attribute_not_exists(pk)', op, undefined)).toBe(true);
    expect(simpleCondition('#status = :claimed', op, item)).toBe(true);
    expect(simpleCondition('#status = :other', op, item)).toBe(false);
    expect(simpleCondition('attribute_exists(pk) AND on = :on AND #status = :claimed', op, item)).toBe(true);
    expect(simpleCondition('attribute_exists(pk) AND #status = :other', op, item)).toBe(false);
    expect(simpleCondition('#status = :claimed', op, undefined)).toBe(false);
  });

  it('leaves every other condition to dynalite', () => {
    for (const expression of [
      'attribute_not_exists(pk) OR (#status = :claimed AND attempts < :on)',
      'size(errors) < :on',
      'begins_with(pk, :claimed)',
      '#missing = :claimed',
      '#status = :missing',
      '#status <> :claimed',
    ]) {
      expect(simpleCondition(expression, op, item), expression).toBeUndefined();
    }
  });
});

describe('keyLock', () => {
  /** Work that records when it starts and ends, and finishes when released. */
  function tracked(log: string[]) {
    const releases = new Map<string, () => void>();
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        releases.set(name, () => {
          log.push(`end ${name}`);
          resolve(name);
        });
      });
    const release = async (name: string) => {
      releases.get(name)!();
      await settle();
    };
    return { work, release };
  }
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('runs writes on different items at once and those on one item in arrival order', async () => {
    const log: string[] = [];
    const { work, release } = tracked(log);
    const lock = keyLock();
    const done = [
      lock(['a'], work('put a')),
      lock(['b'], work('put b')),
      lock(['a', 'c'], work('transaction a+c')),
      lock(['c'], work('put c')),
      lock(['d'], work('put d')),
    ];
    await settle();
    // 'put c' waits although c is free: the transaction before it wants c.
    expect(log).toEqual(['start put a', 'start put b', 'start put d']);
    await release('put b');
    expect(log.at(-1)).toBe('end put b');
    await release('put a');
    expect(log.slice(-2)).toEqual(['end put a', 'start transaction a+c']);
    await release('transaction a+c');
    expect(log.slice(-2)).toEqual(['end transaction a+c', 'start put c']);
    await release('put c');
    await release('put d');
    expect(await Promise.all(done)).toEqual(['put a', 'put b', 'transaction a+c', 'put c', 'put d']);
  });

  it('passes a failure to its caller and frees the items', async () => {
    const lock = keyLock();
    await expect(lock(['a'], () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(
      lock(['a'], () => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    expect(await lock(['a'], () => Promise.resolve('next'))).toBe('next');
  });
});
