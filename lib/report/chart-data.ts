/**
 * The metrics reshaped for uPlot, which wants one sorted x array and one y array per series,
 * aligned by index (null where a series has no point). Built here, where it is testable, so the
 * browser script only draws.
 */
import type { Capacity, LoadWindow, Metrics } from './model.ts';

interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** Which y axis: `y` (left) or `y2` (right). @default 'y' */
  scale?: 'y' | 'y2';
  /** Leave a gap where a value is missing instead of joining across it. @default false */
  breakAtGaps?: boolean;
}

interface ChartSpec {
  xLabel: string;
  yLabel: string;
  y2Label?: string;
  /** The axis is a percentage (values 0 to 100): ticks read "12%", and all-zero spans 0 to 100 %. */
  yPercent?: boolean;
  y2Percent?: boolean;
  x: number[];
  series: ChartSeries[];
  /** x values are counts (page depth): no ticks between integers. */
  integerX?: boolean;
  /** Vertical markers: the capacity (`good`) and the knee (`bad`). */
  markers?: ChartMarker[];
  /** Shaded stretches of the x axis: the run's loads, each named; `expected` ones tinted. */
  bands?: ChartBand[];
}

interface ChartMarker {
  x: number;
  label: string;
  tone: 'good' | 'bad';
}

interface ChartBand {
  from: number;
  to: number;
  /** "stress · throttling expected" */
  label: string;
  expected: boolean;
}

export interface ReportCharts {
  rate429?: ChartSpec;
  latencyOverTime?: ChartSpec;
  rateOverTime?: ChartSpec;
  depth?: ChartSpec;
  capacity?: ChartSpec;
}

const sortedUnique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function rate429Chart(points: Metrics['rate429']): ChartSpec | undefined {
  if (points.length === 0) return undefined;
  const x = sortedUnique(points.map((point) => point.t));
  const labels = [...new Set(points.map((point) => point.tenant ?? 'all tenants'))].sort();
  const series = labels.map((label) => {
    const byTime = new Map(
      points
        .filter((point) => (point.tenant ?? 'all tenants') === label)
        .map((point) => [point.t, point.rate]),
    );
    const valueAt = (t: number) => {
      const rate = byTime.get(t);
      return rate === undefined ? null : round(rate * 100);
    };
    return { label, values: x.map(valueAt) };
  });
  return { xLabel: 'seconds since start', yLabel: '429 responses (%)', yPercent: true, x, series };
}

/** Each load as a band of the time axis, named, with what it provokes on purpose. */
const loadBands = (loads: readonly LoadWindow[] | undefined): ChartBand[] =>
  (loads ?? []).map((load) => ({
    from: load.start,
    to: load.end,
    label: load.expects === undefined ? load.name : `${load.name} · ${load.expects} expected`,
    expected: load.expects !== undefined,
  }));

const withBands = (spec: ChartSpec | undefined, bands: ChartBand[]): ChartSpec | undefined =>
  spec && bands.length > 0 ? { ...spec, bands } : spec;

function latencyOverTimeChart(timeline: Metrics['timeline']): ChartSpec | undefined {
  if (!timeline || !timeline.some((point) => point.p50 !== undefined)) return undefined;
  return {
    xLabel: 'seconds since start',
    yLabel: 'latency (ms)',
    x: timeline.map((point) => point.t),
    series: [
      { label: 'p50', values: timeline.map((point) => point.p50 ?? null) },
      { label: 'p95', values: timeline.map((point) => point.p95 ?? null) },
    ],
  };
}

function rateOverTimeChart(timeline: Metrics['timeline']): ChartSpec | undefined {
  if (!timeline || timeline.length === 0) return undefined;
  return {
    xLabel: 'seconds since start',
    yLabel: 'arrivals per second',
    x: timeline.map((point) => point.t),
    series: [
      // Between loads nothing is planned: a gap, not a line across it.
      { label: 'planned', values: timeline.map((point) => point.planned ?? null), breakAtGaps: true },
      { label: 'achieved', values: timeline.map((point) => point.arrivals) },
    ],
  };
}

function depthChart(rows: Metrics['depth']): ChartSpec | undefined {
  if (rows.length === 0) return undefined;
  const sorted = [...rows].sort((a, b) => a.bucket - b.bucket);
  return {
    xLabel: 'page depth',
    yLabel: 'latency (ms)',
    integerX: true,
    x: sorted.map((row) => row.bucket),
    series: [
      { label: 'p50', values: sorted.map((row) => round(row.p50)) },
      { label: 'p95', values: sorted.map((row) => round(row.p95)) },
    ],
  };
}

function capacityChart(capacity: Capacity | undefined): ChartSpec | undefined {
  if (!capacity || capacity.steps.length === 0) return undefined;
  const steps = [...capacity.steps].sort((a, b) => a.rps - b.rps);
  const spec: ChartSpec = {
    xLabel: 'arrival rate (requests/s)',
    yLabel: 'p95 latency (ms)',
    y2Label: 'share of requests (%)',
    y2Percent: true,
    x: steps.map((step) => step.rps),
    series: [
      { label: 'p95', values: steps.map((step) => round(step.p95)) },
      { label: 'errors', values: steps.map((step) => round(step.errorRate * 100)), scale: 'y2' },
      { label: '429', values: steps.map((step) => round(step.rate429 * 100)), scale: 'y2' },
    ],
  };
  const markers: ChartMarker[] = [];
  const answer = capacity.answer;
  if (answer?.rps !== undefined && (answer.kind === 'measured' || answer.kind === 'at-least'))
    markers.push({
      x: answer.rps,
      label: `capacity ${answer.kind === 'at-least' ? '>= ' : ''}${answer.rps} rps`,
      tone: 'good',
    });
  if (capacity.knee)
    markers.push({ x: capacity.knee.rps, label: `knee ${capacity.knee.rps} rps`, tone: 'bad' });
  if (markers.length > 0) spec.markers = markers;
  return spec;
}

export function buildCharts(metrics: Metrics): ReportCharts {
  const bands = loadBands(metrics.loads);
  return {
    rate429: withBands(rate429Chart(metrics.rate429), bands),
    latencyOverTime: withBands(latencyOverTimeChart(metrics.timeline), bands),
    rateOverTime: withBands(rateOverTimeChart(metrics.timeline), bands),
    depth: depthChart(metrics.depth),
    capacity: capacityChart(metrics.capacity),
  };
}
