import type { ReactNode } from "react";

/**
 * Hand-written SVG charts for the Resumen tab: a line and bars are all it needs, so no chart library
 * is shipped. Each chart is an image with a one-sentence description and its numbers as a table a
 * screen reader (or anyone) can open.
 */

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 8, left: 12 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** `label` goes on the axis, `name` (when longer) in the table; `text` is the value as read. */
export type ChartPoint = { label: string; name?: string; value: number; text: string };

/**
 * An axis label, written as HTML under the drawing rather than as SVG text: SVG text grows and shrinks
 * with the drawing (7 px on a phone, 38 px on a desktop), HTML text keeps the page's size. `at` is the
 * label's x in the drawing's units; `align` keeps the first and last labels inside the frame.
 */
type AxisLabel = { key: string; text: string; at: number; align: "start" | "middle" | "end" };

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
  axis,
  children,
}: FrameProps & { axis: AxisLabel[]; children: ReactNode }) {
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
      <div aria-hidden="true" data-chart-axis="" className="relative h-5 text-xs leading-5 text-stone-700">
        {axis.map((label) => (
          <span
            key={label.key}
            className={`absolute top-0 whitespace-nowrap tabular-nums ${ALIGN[label.align]}`}
            style={{ left: `${(label.at / WIDTH) * 100}%` }}
          >
            {label.text}
          </span>
        ))}
      </div>
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

const ALIGN = { start: "", middle: "-translate-x-1/2", end: "-translate-x-full" } as const;

/**
 * Which of `count` points get a label: every `every`-th, counted from the first (`"start"`) or back
 * from the last (`"end"`, so today always has its date). Evenly spaced, so two never crowd each other.
 */
export function labelledIndices(count: number, every: number, from: "start" | "end"): number[] {
  const step = Math.max(1, Math.floor(every));
  const indices: number[] = [];
  for (let index = 0; index < count; index += step)
    indices.push(from === "start" ? index : count - 1 - index);
  return indices.sort((a, b) => a - b);
}

/**
 * At most this many dates under the line: five labels of "26 nov" (about 42 px at 12 px) fit
 * side by side in the narrowest frame a 360 px phone leaves (about 280 px of plot), the last one
 * aligned to its end included.
 */
const MAX_LINE_LABELS = 5;

export function LineChart(frame: FrameProps) {
  const { points } = frame;
  const max = Math.max(1, ...points.map((point) => point.value));
  const step = points.length > 1 ? PLOT_W / (points.length - 1) : 0;
  const x = (index: number) => PAD.left + (points.length > 1 ? index * step : PLOT_W / 2);
  const y = (value: number) => PAD.top + PLOT_H - (value / max) * PLOT_H;
  const path = points
    .map((point, index) => `${index === 0 ? "M" : "L"}${x(index)},${y(point.value)}`)
    .join(" ");
  const every = Math.max(1, Math.ceil((points.length - 1) / (MAX_LINE_LABELS - 1)));
  const axis = labelledIndices(points.length, every, "end").map((index): AxisLabel => ({
    key: points[index]!.label,
    text: points[index]!.label,
    at: x(index),
    align:
      points.length > 1 && index === 0
        ? "start"
        : index === points.length - 1 && index > 0
          ? "end"
          : "middle",
  }));
  return (
    <ChartFrame {...frame} axis={axis}>
      <path
        d={`${path} L${x(points.length - 1)},${PAD.top + PLOT_H} L${x(0)},${PAD.top + PLOT_H} Z`}
        className="fill-brand-100"
      />
      <path d={path} className="fill-none stroke-brand-700" strokeWidth={3} strokeLinejoin="round" />
      {points.map((point, index) => (
        <circle key={point.label} cx={x(index)} cy={y(point.value)} r={4} className="fill-brand-700" />
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
  const axis = labelledIndices(points.length, labelEvery, "start").map((index): AxisLabel => ({
    key: points[index]!.label,
    text: points[index]!.label,
    at: PAD.left + slot * index + slot / 2,
    align: "middle",
  }));
  return (
    <ChartFrame {...frame} axis={axis}>
      {points.map((point, index) => {
        const height = (point.value / max) * PLOT_H;
        const cx = PAD.left + slot * index + slot / 2;
        return (
          <rect
            key={point.label}
            x={cx - barWidth / 2}
            y={PAD.top + PLOT_H - height}
            width={barWidth}
            height={height}
            rx={3}
            className={index === highlight ? "fill-brand-900" : "fill-brand-600"}
          />
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
