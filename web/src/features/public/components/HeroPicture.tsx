/**
 * The landing hero's picture of what a signed-in person sees: the dashboard's summary card and two
 * reminders with their act-by badges, drawn as inline SVG (no request, no layout shift). Made-up
 * figures, described for screen readers by its title and description; wide screens only.
 */
const REMINDERS = [
  {
    title: 'Car insurance',
    detail: 'Admiral · £612.40/yr',
    actBy: 'Act by 14/03',
    badge: '6 days to act',
    urgent: true,
  },
  {
    title: 'Energy fixed deal',
    detail: 'Octopus · £142.00/month',
    actBy: 'Act by 02/04',
    badge: '25 days to act',
    urgent: false,
  },
];

export function HeroPicture() {
  return (
    <svg
      className="hero-picture"
      viewBox="0 0 400 330"
      role="img"
      aria-labelledby="hero-picture-title hero-picture-desc"
      focusable="false"
    >
      <title id="hero-picture-title">Your dashboard, for illustration</title>
      <desc id="hero-picture-desc">
        A summary card: next, car insurance in 6 days; £612.40 renewing in the next 30 days; you pay £2,316.40
        a year for these. Below it, two reminders: car insurance, 6 days to act, and an energy fixed deal, 25
        days to act.
      </desc>
      <g className="hero-picture-card">
        <rect x="0.5" y="0.5" width="399" height="118" rx="12" />
        <text x="20" y="36" className="hero-picture-strong">
          Next: Car insurance in 6 days
        </text>
        <text x="20" y="66">
          £612.40 renewing in the next 30 days
        </text>
        <text x="20" y="94">
          You pay £2,316.40 a year for these
        </text>
      </g>
      {REMINDERS.map((r, i) => {
        const y = 134 + i * 98;
        return (
          <g key={r.title} className="hero-picture-card" transform={`translate(0 ${y})`}>
            <rect x="0.5" y="0.5" width="399" height="84" rx="12" />
            <text x="20" y="32" className="hero-picture-strong">
              {r.title}
            </text>
            <text x="20" y="60" className="hero-picture-muted">
              {r.detail} · {r.actBy}
            </text>
            <rect
              x="262"
              y="16"
              width="118"
              height="26"
              rx="13"
              className={r.urgent ? 'hero-picture-badge-urgent' : 'hero-picture-badge'}
            />
            <text
              x="321"
              y="34"
              textAnchor="middle"
              className={r.urgent ? 'hero-picture-badge-text-urgent' : 'hero-picture-badge-text'}
            >
              {r.badge}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
