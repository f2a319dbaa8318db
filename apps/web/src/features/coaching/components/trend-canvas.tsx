import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

type TrendCanvasProps = {
  /** Each week's Monday, in seconds since 1970 (uPlot's time scale). */
  xs: number[];
  /** The week's value; null leaves a gap. */
  ys: (number | null)[];
  /** An axis label for a value. */
  label: (value: number) => string;
  /** Values drawn as dashed lines across the chart: the edges of the figure's published band. */
  guides: readonly number[];
  height: number;
};

// Canvas cannot read CSS variables: the theme's text, border and primary colours (styles.css).
const MUTED = '#4b5262';
const GRID = '#e3e6eb';
const LINE = '#4338ca';
const GUIDE = '#b42318';
const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const HALF_WEEK = 3.5 * 86_400;
// Weeks arrive as UTC midnights of their Mondays (trend-chart.tsx): written in UTC, a Monday stays Monday.
const WEEK_DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Dashed lines across the plot at each guide value. */
function drawGuides(u: uPlot, guides: readonly number[]) {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.strokeStyle = GUIDE;
  ctx.lineWidth = Math.max(1, devicePixelRatio);
  ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
  for (const value of guides) {
    const y = Math.round(u.valToPos(value, 'y', true));
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * One figure's weekly values as a uPlot line (the coaching page's only chart library: about 20 KB
 * gzip, in this chunk alone, which loads after the figures are on screen). The chart is drawn for
 * the eye only: the card carries the same values as a table for screen readers.
 */
export function TrendCanvas({ xs, ys, label, guides, height }: TrendCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(200, Math.floor(element.clientWidth));
    const options: uPlot.Options = {
      width: width(),
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        // One week alone still gets a little room either side.
        x: { time: true, range: (_u, min, max) => (min === max ? [min - HALF_WEEK, max + HALF_WEEK] : [min, max]) },
        // Every coaching figure is at least 0: the axis starts there, so a flat line does not look steep.
        // The band's edges stay in view, so a line above them reads as above.
        y: {
          range: (_u, _min, max) => {
            const top = Math.max(max, ...guides);
            return [0, top > 0 ? top * 1.15 : 1];
          },
        },
      },
      axes: [
        {
          stroke: MUTED,
          font: FONT,
          grid: { show: false },
          ticks: { stroke: GRID },
          // Ticks on the weeks themselves (at most five of them), not on uPlot's round dates.
          splits: () => xs.filter((_x, i) => i % Math.ceil(xs.length / 5) === 0),
          values: (_u, splits) => splits.map((s) => WEEK_DAY.format(new Date(s * 1000))),
        },
        { stroke: MUTED, font: FONT, size: 48, grid: { stroke: GRID }, ticks: { show: false }, values: (_u, splits) => splits.map(label) },
      ],
      series: [{}, { stroke: LINE, width: 2, spanGaps: false, points: { show: true, size: 6, fill: LINE, stroke: LINE } }],
      hooks: { draw: [(u) => drawGuides(u, guides)] },
    };
    const plot = new uPlot(options, [xs, ys], element);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [xs, ys, label, guides, height]);
  return <div ref={box} className="coaching-trend-canvas" />;
}
