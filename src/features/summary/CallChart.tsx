// Tonnes per hour through the call, stoppages shaded: a small SVG of our own.
import type { CallSeries } from '../../domain/ratios';
import { formatDateTime } from '../../ui/format';
import { useNumbers } from '../../ui/numbers';
import { useZone } from '../../ui/zone';

const WIDTH = 360;
const HEIGHT = 180;
const PAD = { left: 34, right: 8, top: 10, bottom: 22 };

interface Props {
  series: CallSeries;
  title: string;
  stoppageLabel: string;
}

export function CallChart({ series, title, stoppageLabel }: Props) {
  const zone = useZone();
  const numbers = useNumbers();
  const { points, stoppages } = series;
  if (points.length === 0) return null;
  const start = Date.parse(points[0].start);
  const end = start + points.length * series.bucket_hours * 3_600_000;
  const max = Math.max(1, ...points.map((point) => point.tons));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (time: number) => PAD.left + ((time - start) / (end - start)) * plotWidth;
  const y = (tons: number) => PAD.top + plotHeight - (tons / max) * plotHeight;
  const step = plotWidth / points.length;
  const line = points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${(PAD.left + (index + 0.5) * step).toFixed(1)},${y(point.tons).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={title}
      data-testid="chart-call"
      style={{ maxWidth: WIDTH, fontSize: 10 }}
    >
      <title>{title}</title>
      {stoppages.map((stoppage) => {
        const from = Math.max(start, Date.parse(stoppage.start));
        const to = Math.min(end, Date.parse(stoppage.end));
        if (!(to > from)) return null;
        return (
          <rect
            key={`${stoppage.start}-${stoppage.end}-${stoppage.attribution}`}
            x={x(from)}
            y={PAD.top}
            width={Math.max(1, x(to) - x(from))}
            height={plotHeight}
            fill="var(--mantine-color-red-2)"
            data-testid="chart-stoppage"
          >
            <title>{`${stoppageLabel}: ${formatDateTime(stoppage.start, zone)} – ${formatDateTime(stoppage.end, zone)}`}</title>
          </rect>
        );
      })}
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + plotHeight} stroke="currentColor" />
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={PAD.top + plotHeight}
        y2={PAD.top + plotHeight}
        stroke="currentColor"
      />
      <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" fill="currentColor">
        {numbers.units(Math.round(max))}
      </text>
      <text x={PAD.left - 4} y={PAD.top + plotHeight} textAnchor="end" fill="currentColor">
        0
      </text>
      <text x={PAD.left} y={HEIGHT - 6} fill="currentColor">
        {formatDateTime(new Date(start), zone)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fill="currentColor">
        {formatDateTime(new Date(end), zone)}
      </text>
      <path d={line} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} />
    </svg>
  );
}
