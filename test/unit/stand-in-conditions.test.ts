/** The DynamoDB stand-in decides simple transaction conditions from its read; anything else goes to dynalite. */
import { describe, expect, it } from 'vitest';
import { simpleCondition } from '../../lib/local/dynamo.ts';

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
