/** The alert channels' stand-ins' ports for `npm start`: their defaults, their settings, and clashes refused in words. */
import { describe, expect, it } from 'vitest';
import { localChannelPorts } from '../../shared/localPorts.ts';

describe('localChannelPorts', () => {
  it('8006 to 8008 unless TELEGRAM_PORT, NTFY_PORT and WEBHOOK_PORT say otherwise', () => {
    expect(localChannelPorts({})).toEqual({ telegram: 8006, ntfy: 8007, webhooks: 8008 });
    expect(localChannelPorts({ TELEGRAM_PORT: '9006', NTFY_PORT: '9007', WEBHOOK_PORT: '9008' })).toEqual({
      telegram: 9006,
      ntfy: 9007,
      webhooks: 9008,
    });
  });

  it('refuses a port that is not one, or one another server has', () => {
    expect(() => localChannelPorts({ NTFY_PORT: 'any' })).toThrow('NTFY_PORT must be a port number');
    expect(() => localChannelPorts({ WEBHOOK_PORT: '8007' })).toThrow('must differ');
    expect(() => localChannelPorts({ TELEGRAM_PORT: '3000' }, [3000, 8005, 2525])).toThrow('must differ');
  });
});
