import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { describeDevice, deviceLabel, needsHomeScreen } from '../device.ts';
import { useInstallPrompt } from '../install-prompt.ts';
import {
  useAddPushDevice,
  usePushDevices,
  useRemovePushDevice,
  useSendTestPush,
} from '../api/push-devices.ts';
import {
  PermissionRefusedError,
  PushServiceUnreachableError,
  permission,
  pushSupported,
  registration,
  subscribe,
  unsubscribe,
} from '../this-device.ts';
import { DeviceList } from './DeviceList.tsx';
import { PushRemindersToggle } from './PushRemindersToggle.tsx';
import { ChannelSection } from './ChannelParts.tsx';

export const IPHONE_HINT =
  "On iPhone: tap Share, then 'Add to Home Screen', then open Renewal Reminders from there.";
export const BLOCKED_HINT =
  'Notifications are blocked for this site. To allow them later, open the site settings from the icon beside the address bar (on a phone, the browser’s settings for this site), allow notifications, then press the button again.';

/** Said where the button is: a passing toast read like the product's own failure. */
export const UNREACHABLE_HINT =
  'This browser’s notification service did not answer, so notifications cannot be turned on here for now. Your reminders still come by e-mail.';

/** The channel's badge: on here, off (or to be installed first), or not possible in this browser. */
const deviceState = (onHere: boolean, possible: boolean) =>
  onHere
    ? ({ text: 'On', variant: 'success' } as const)
    : possible
      ? ({ text: 'Off', variant: 'outline' } as const)
      : ({ text: 'Not available', variant: 'outline' } as const);

/** 'Send a test notification' to the account's devices, saying whether any took it. */
function SendTestPush() {
  const test = useSendTestPush();
  const sendTest = async () => {
    try {
      const result = await test.mutateAsync(undefined);
      if (result.sent > 0) toast.success('Test notification sent');
      else toast.error('Error', { description: 'The test notification could not be delivered' });
    } catch {
      toast.error('Error', { description: 'Failed to send a test notification' });
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={test.isPending}
      onClick={() => void sendTest()}
    >
      {test.isPending ? 'Sending...' : 'Send a test notification'}
    </button>
  );
}

/**
 * This device's notifications (Web Push): 'Install app' where the browser offers it, the iPhone
 * hint, turning notifications on and off for this device, a test notification, and the account's
 * devices.
 */
export function WebPushChannel() {
  const devices = usePushDevices();
  const add = useAddPushDevice();
  const remove = useRemovePushDevice();
  const install = useInstallPrompt();
  const [blocked, setBlocked] = useState(() => permission() === 'denied' && pushSupported());
  const [unreachable, setUnreachable] = useState(false);
  const here = describeDevice(navigator.userAgent);
  const standalone = window.matchMedia('(display-mode: standalone)').matches;
  const homeScreenFirst = needsHomeScreen(navigator.userAgent, standalone, navigator.maxTouchPoints);

  // Keeps the service worker current on each visit to this card (a deploy's new one takes over).
  useEffect(() => {
    if (pushSupported() && permission() === 'granted') void registration().catch(() => undefined);
  }, []);

  const turnOn = async (publicKey: string) => {
    try {
      await add.mutateAsync(await subscribe(publicKey));
      setBlocked(false);
      setUnreachable(false);
      toast.success('Notifications on', { description: `On for this device (${deviceLabel(here)})` });
    } catch (error) {
      if (error instanceof PermissionRefusedError) setBlocked(true);
      else if (error instanceof PushServiceUnreachableError) setUnreachable(true);
      else toast.error('Error', { description: 'Could not turn on notifications on this device' });
    }
  };

  const turnOff = async (id: string) => {
    try {
      await unsubscribe();
      await remove.mutateAsync(id);
    } catch {
      toast.error('Error', { description: 'Could not turn off notifications on this device' });
    }
  };

  const onHere =
    devices.isSuccess &&
    devices.data.thisDevice !== null &&
    devices.data.devices.some((d) => d.id === devices.data.thisDevice);
  const state = devices.isSuccess ? deviceState(onHere, pushSupported() || homeScreenFirst) : null;

  return (
    <ChannelSection name="Notifications on this device" state={state}>
      <p className="muted">Get each morning’s reminders on this device, as a notification.</p>
      {install.available && (
        <button type="button" className="btn btn-outline" onClick={() => void install.install()}>
          Install app
        </button>
      )}
      {homeScreenFirst && <p className="notifications-hint">{IPHONE_HINT}</p>}
      {devices.isPending ? (
        <LoadingPanel label="Loading your devices" />
      ) : devices.isError ? (
        <ErrorPanel message="Your devices could not be loaded." onRetry={() => void devices.refetch()} />
      ) : (
        <>
          {!pushSupported() ? (
            !homeScreenFirst && <p className="muted">This browser cannot show notifications.</p>
          ) : onHere ? (
            <div className="notifications-row">
              <p className="notifications-status">On for this device ({deviceLabel(here)})</p>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={remove.isPending}
                onClick={() => void turnOff(devices.data.thisDevice!)}
              >
                Turn off
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={add.isPending}
              onClick={() => void turnOn(devices.data.public_key)}
            >
              {add.isPending ? 'Turning on...' : 'Turn on notifications on this device'}
            </button>
          )}
          {blocked && (
            <p className="notifications-hint" role="status">
              {BLOCKED_HINT}
            </p>
          )}
          {unreachable && (
            <p className="notifications-hint" role="status">
              {UNREACHABLE_HINT}
            </p>
          )}
          {devices.data.devices.length > 0 && (
            <>
              <SendTestPush />
              <PushRemindersToggle on={devices.data.push_reminders} />
              <DeviceList
                devices={devices.data.devices}
                thisDevice={devices.data.thisDevice}
                removing={remove.isPending}
                onRemove={(id) =>
                  void (id === devices.data.thisDevice ? turnOff(id) : remove.mutateAsync(id))
                }
              />
            </>
          )}
        </>
      )}
    </ChannelSection>
  );
}
