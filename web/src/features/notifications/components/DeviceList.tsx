import type { PushDevice } from '#shared/push.ts';
import { formatUkDate } from '#shared/dates.ts';

/** The account's devices with notifications on, each with 'Remove'. */
export function DeviceList({
  devices,
  thisDevice,
  removing,
  onRemove,
}: {
  devices: PushDevice[];
  thisDevice: string | null;
  removing: boolean;
  onRemove: (id: string) => void;
}) {
  return (
    <ul className="device-list" aria-label="Devices with notifications on">
      {devices.map((device) => {
        const label = `${device.browser} on ${device.platform}`;
        return (
          <li key={device.id} className="device-row">
            <span>
              {label}
              {device.id === thisDevice && <span className="muted"> (this device)</span>}
              <span className="muted device-since">
                {' '}
                since {formatUkDate(device.created_at.slice(0, 10))}
              </span>
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={removing}
              aria-label={`Remove ${label}`}
              onClick={() => onRemove(device.id)}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
