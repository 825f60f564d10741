/**
 * The ports `npm start` and `npm run dev` take from the environment: PORT for the app (3000) and
 * MAILBOX_PORT for the mailbox (8005), refused in words when they are not port numbers.
 */
import { describe, expect, it } from 'vitest';
import { localPorts } from '../../shared/localPorts.ts';

describe('localPorts', () => {
  it('defaults to 3000 for the app and 8005 for the mailbox', () => {
    expect(localPorts({})).toEqual({ app: 3000, mailbox: 8005, inbox: 2525 });
  });

  it('takes PORT and MAILBOX_PORT', () => {
    expect(localPorts({ PORT: '3100', MAILBOX_PORT: '8105', INBOX_PORT: '2600' })).toEqual({
      app: 3100,
      mailbox: 8105,
      inbox: 2600,
    });
    expect(() => localPorts({ INBOX_PORT: '3000' })).toThrow('INBOX_PORT must differ');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', ''],
    ['PORT', '0'],
    ['PORT', '3000.5'],
    ['MAILBOX_PORT', '70000'],
    ['MAILBOX_PORT', '-1'],
  ])('refuses %s=%j in words instead of picking some other port', (name, value) => {
    expect(() => localPorts({ [name]: value })).toThrow(
      `${name} must be a port number from 1 to 65535 (got ${JSON.stringify(value)})`,
    );
  });

  it('refuses one port for both', () => {
    expect(() => localPorts({ PORT: '4000', MAILBOX_PORT: '4000' })).toThrow(
      'PORT and MAILBOX_PORT must differ (both 4000)',
    );
  });
});
