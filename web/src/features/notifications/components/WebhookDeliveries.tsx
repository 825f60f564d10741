import type { WebhookDelivery } from '#shared/channels/kinds.ts';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import { deliveryEvent, deliveryStatus, formatWhen } from '../channels.ts';

const CAPTION = 'Recent deliveries';

const Time = ({ delivery }: { delivery: WebhookDelivery }) => (
  <time dateTime={delivery.at}>{formatWhen(delivery.at)}</time>
);

const Status = ({ delivery, all }: { delivery: WebhookDelivery; all: readonly WebhookDelivery[] }) => (
  <span className={`delivery-status delivery-${delivery.outcome}`}>{deliveryStatus(delivery, all)}</span>
);

const columns = (all: readonly WebhookDelivery[]): readonly Column<WebhookDelivery>[] => [
  { header: 'Time', cell: (d) => <Time delivery={d} />, className: 'nowrap' },
  { header: 'Event', cell: deliveryEvent },
  { header: 'Status', cell: (d) => <Status delivery={d} all={all} /> },
  { header: 'What happened', cell: (d) => d.summary, className: 'delivery-summary' },
];

/** The deliveries as a table: wide screens. */
export function DeliveriesTable({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  return (
    <DataTable
      rows={deliveries}
      rowKey={(d) => `${d.id}-${d.attempt}`}
      columns={columns(deliveries)}
      caption={CAPTION}
      className="delivery-table"
    />
  );
}

/** The deliveries as a list: a phone, where four columns would not fit. */
export function DeliveriesList({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  return (
    <ul className="delivery-list" aria-label={CAPTION}>
      {deliveries.map((delivery) => (
        <li key={`${delivery.id}-${delivery.attempt}`} className="delivery-row">
          <span className="delivery-row-head">
            <Status delivery={delivery} all={deliveries} />
            <span className="muted">
              <Time delivery={delivery} /> · {deliveryEvent(delivery)}
            </span>
          </span>
          <span className="delivery-summary">{delivery.summary}</span>
        </li>
      ))}
    </ul>
  );
}

/** 'Recent deliveries': the webhook's last deliveries, newest first, or a line saying there are none. */
export function WebhookDeliveries({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  const wide = useMediaQuery('(min-width: 768px)');
  return (
    <div className="channel-deliveries">
      <h4 className="channel-subheading">{CAPTION}</h4>
      {deliveries.length === 0 ? (
        <p className="muted">None yet: 'Send a test' sends one now.</p>
      ) : wide ? (
        <DeliveriesTable deliveries={deliveries} />
      ) : (
        <DeliveriesList deliveries={deliveries} />
      )}
    </div>
  );
}
