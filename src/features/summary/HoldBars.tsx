// Tonnes per hold as bars: a small SVG of our own (no chart library on the tablet).
import { formatTwoOrNone } from './two';

export interface HoldBar {
  label: string;
  tons: number;
}

const WIDTH = 360;
const BAR = 22;
const GAP = 8;
const LABEL = 110;

export function HoldBars({ bars, title, locale }: { bars: HoldBar[]; title: string; locale: string }) {
  const max = Math.max(0, ...bars.map((bar) => bar.tons));
  const height = Math.max(1, bars.length) * (BAR + GAP) + GAP;
  const room = WIDTH - LABEL - 70;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={title}
      data-testid="chart-holds"
      style={{ maxWidth: WIDTH, fontSize: 11 }}
    >
      <title>{title}</title>
      {bars.map((bar, index) => {
        const y = GAP + index * (BAR + GAP);
        const width = max > 0 ? (bar.tons / max) * room : 0;
        return (
          <g key={bar.label} data-testid="chart-bar">
            <text x={LABEL - 6} y={y + BAR / 2 + 4} textAnchor="end" fill="currentColor">
              {bar.label}
            </text>
            <rect
              x={LABEL}
              y={y}
              width={Math.max(width, 1)}
              height={BAR}
              rx={3}
              fill="var(--mantine-color-blue-6)"
            />
            <text x={LABEL + width + 6} y={y + BAR / 2 + 4} fill="currentColor">
              {formatTwoOrNone(bar.tons, locale)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
