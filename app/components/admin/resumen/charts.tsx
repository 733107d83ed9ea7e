import type { ReactNode } from "react";

/**
 * Hand-written SVG charts for the Resumen tab: a line and bars are all it needs, so no chart library
 * is shipped. Each chart is an image with a one-sentence description and its numbers as a table a
 * screen reader (or anyone) can open.
 */

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 30, left: 12 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** `label` goes on the axis, `name` (when longer) in the table; `text` is the value as read. */
export type ChartPoint = { label: string; name?: string; value: number; text: string };

/** What every chart has: a title, a one-sentence description, its points and the table's headings. */
type FrameProps = {
  title: string;
  description: string;
  points: ChartPoint[];
  labelHeading: string;
  valueHeading: string;
};

function ChartFrame({
  title,
  description,
  points,
  labelHeading,
  valueHeading,
  children,
}: FrameProps & { children: ReactNode }) {
  return (
    <figure className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <figcaption className="font-semibold text-stone-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={description}
        className="mt-2 h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + PLOT_H}
          y2={PAD.top + PLOT_H}
          className="stroke-stone-300"
          strokeWidth={2}
        />
        {children}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer py-1 text-brand-800 underline">Ver los datos</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="py-1 pr-2">
                {labelHeading}
              </th>
              <th scope="col" className="py-1 text-right">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label} className="border-b border-stone-100">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {point.name ?? point.label}
                </th>
                <td className="py-1 text-right tabular-nums">{point.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Every nth label, so an axis of 30 days or 24 hours stays readable on a phone. */
function showLabel(index: number, count: number, every: number) {
  return index % every === 0 || index === count - 1;
}

export function LineChart(frame: FrameProps) {
  const { points } = frame;
  const max = Math.max(1, ...points.map((point) => point.value));
  const step = points.length > 1 ? PLOT_W / (points.length - 1) : 0;
  const x = (index: number) => PAD.left + (points.length > 1 ? index * step : PLOT_W / 2);
  const y = (value: number) => PAD.top + PLOT_H - (value / max) * PLOT_H;
  const path = points
    .map((point, index) => `${index === 0 ? "M" : "L"}${x(index)},${y(point.value)}`)
    .join(" ");
  const every = Math.ceil(points.length / 6);
  return (
    <ChartFrame {...frame}>
      <path
        d={`${path} L${x(points.length - 1)},${PAD.top + PLOT_H} L${x(0)},${PAD.top + PLOT_H} Z`}
        className="fill-brand-100"
      />
      <path d={path} className="fill-none stroke-brand-700" strokeWidth={3} strokeLinejoin="round" />
      {points.map((point, index) => (
        <g key={point.label}>
          <circle cx={x(index)} cy={y(point.value)} r={4} className="fill-brand-700" />
          {showLabel(index, points.length, every) ? (
            <text
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor={index === 0 ? "start" : index === points.length - 1 ? "end" : "middle"}
              className="fill-stone-700"
              fontSize={18}
            >
              {point.label}
            </text>
          ) : null}
        </g>
      ))}
    </ChartFrame>
  );
}

export function BarChart({
  highlight,
  labelEvery = 1,
  ...frame
}: FrameProps & {
  /** The bar drawn darker: the peak. */
  highlight: number | null;
  labelEvery?: number;
}) {
  const { points } = frame;
  const max = Math.max(1, ...points.map((point) => point.value));
  const slot = PLOT_W / points.length;
  const barWidth = Math.max(4, slot * 0.7);
  return (
    <ChartFrame {...frame}>
      {points.map((point, index) => {
        const height = (point.value / max) * PLOT_H;
        const cx = PAD.left + slot * index + slot / 2;
        return (
          <g key={point.label}>
            <rect
              x={cx - barWidth / 2}
              y={PAD.top + PLOT_H - height}
              width={barWidth}
              height={height}
              rx={3}
              className={index === highlight ? "fill-brand-900" : "fill-brand-600"}
            />
            {showLabel(index, points.length, labelEvery) ? (
              <text x={cx} y={HEIGHT - 8} textAnchor="middle" className="fill-stone-700" fontSize={18}>
                {point.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** A horizontal bar per row, for best sellers and pickup vs delivery: names stay readable at 360 px. */
export function RankBars({
  rows,
  label,
}: {
  rows: { name: string; value: number; text: string }[];
  label: string;
}) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ol aria-label={label} className="space-y-2">
      {rows.map((row) => (
        <li key={row.name}>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="min-w-0 break-words">{row.name}</span>
            <span className="shrink-0 font-semibold tabular-nums">{row.text}</span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-stone-100" aria-hidden="true">
            <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(row.value / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
