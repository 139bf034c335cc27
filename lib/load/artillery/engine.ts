/**
 * The harness's Artillery engine: the one place that knows Artillery's API (the engine contract
 * of artillery 2.x: a class whose createScenario(spec, events) returns the VU function; metrics go
 * out through events.emit). Each arrival Artillery schedules runs one arrival of the scenario of
 * its stage (handed in by the bundle's entry, scenarios/engine-entry.ts) with that stage's Vu, over one undici client per stage and
 * worker; every sample is folded into its second's cell of the stage's points (lib/load/points),
 * written once a second, for the harness to merge and judge, and a few
 * counters are mirrored into Artillery's own metrics (summed per second: Artillery digests every
 * emitted sample, which stalls its event loop at thousands per second). With `--publish`, the
 * points also feed dimensioned Artillery metrics (published-metrics.ts) for the publish-metrics
 * plugin: counters summed per second the same way, latency and walk histograms per sample. In a
 * distributed run the points also feed every series the verdict reads (verdict-metrics.ts), the
 * same way, for the harness to judge Artillery's merged report.
 */
import { threadId } from 'node:worker_threads';
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import { resolveTarget, targetSecrets, type Target } from '../../target/target.ts';
import { METRIC } from '../metrics.ts';
import { PointWriter, type PointSink } from '../points/write.ts';
import { ProgressCounter, progressFile } from '../progress.ts';
import type { MetricKind } from '../points/format.ts';
import type { Arrival, LoadScenario } from '../scenario.ts';
import { createVu } from '../vu.ts';
import { planWalk } from '../walk-plan.ts';
import { scenarioNamed } from '../registry.ts';
import { GRACE_S, splitPhaseName, type EngineConfig, type StageConfig } from './engine-config.ts';
import { PublishedMetrics, type ArtillerySample } from './published-metrics.ts';
import { VerdictMetrics } from './verdict-metrics.ts';
import { PhaseClock, type PhaseSpec } from './schedule.ts';

type ArtilleryEvents = Pick<EventEmitter, 'emit'>;
type VuCallback = (error: Error | null, context: unknown) => void;
type Mirror = (
  metric: string,
  kind: MetricKind,
  value: number,
  tags: Record<string, string>,
) => ArtillerySample[];

/** One stage's scenario, Vu and points in this worker. */
interface Stage {
  scenario: LoadScenario;
  vu: ReturnType<typeof createVu>;
  points: PointWriter;
  /** Where the stage's points go: written, and mirrored into Artillery's metrics. */
  sink: PointSink;
  /** Arrivals of the stage started in this worker. */
  arrivals: number;
  /** What the console shows while the run goes on (lib/load/progress.ts). */
  progress: ProgressCounter;
  progressFile: string;
}

function readTarget(config: StageConfig): Target {
  const text = process.env[config.targetEnv];
  if (!text) throw new Error(`the harness engine needs ${config.targetEnv}: run it through npm run load`);
  const result = resolveTarget(JSON.parse(text), process.env);
  if (!result.ok) throw new Error(`target file: ${result.problems.join('; ')}`);
  return result.target;
}

class HarnessEngine {
  private readonly config: EngineConfig;
  private readonly stages = new Map<string, Stage>();
  private clock: PhaseClock | undefined;
  private phaseSpec: PhaseSpec = {};
  private events: ArtilleryEvents | undefined;
  private readonly counts = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  /** Artillery makes one per worker, and one per hook: clients are made on first use. */
  constructor(script: { config: { harness: EngineConfig } }, runner: EventEmitter) {
    this.config = script.config.harness;
    runner.on('phaseStarted', (spec: PhaseSpec) => {
      this.phaseSpec = spec;
      this.clock = new PhaseClock(spec);
    });
    runner.on('done', () => this.finish());
  }

  /**
   * Artillery awaits an engine's async init before any phase starts: each stage's client and
   * checks are warmed there, so the first arrivals are not late by the warm-up (lateness).
   */
  async init(): Promise<void> {
    for (const name of Object.keys(this.config.stages)) {
      const stage = this.stage(name);
      await stage.vu.warm(planWalk(stage.vu.target, 0));
    }
  }

  createScenario(_spec: unknown, events: ArtilleryEvents): (context: unknown, callback: VuCallback) => void {
    this.events = events;
    return (context, callback) => {
      // An engine that never says `started` leaves Artillery waiting for the scenario forever.
      events.emit('started');
      const { stage: name, phase } = splitPhaseName(this.phaseSpec.name ?? '');
      let stage: Stage;
      try {
        stage = this.stage(name);
      } catch (error) {
        events.emit('error', 'harness engine could not start');
        callback(error instanceof Error ? error : new Error(String(error)), context);
        return;
      }
      stage.scenario.arrival(stage.vu, this.arrive(stage, name, phase)).then(
        () => callback(null, context),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          stage.points.add('engine_errors', 'counter', 1, { message: message.slice(0, 300) });
          events.emit('error', message.slice(0, 120));
          callback(error instanceof Error ? error : new Error(message), context);
        },
      );
    };
  }

  private stage(name: string): Stage {
    const known = this.stages.get(name);
    if (known) return known;
    const config = this.config.stages[name];
    if (!config) throw new Error(`no stage "${name}" in the script's config.harness.stages`);
    const scenario = scenarioNamed(config.scenario);
    const { generator, pointsDir } = this.config;
    const worker = `${generator.index}-${threadId}-${process.pid}`;
    const file = path.join(pointsDir, name, `points-${worker}.ndjson.gz`);
    const points = new PointWriter(file);
    const progress = new ProgressCounter();
    const target = readTarget(config);
    const mirrors = this.mirrors(targetSecrets(target));
    const sink: PointSink = {
      add: (metric, kind, value, tags) => {
        this.record(points, metric, kind, value, tags, mirrors);
        if (metric === METRIC.latency) progress.responded(Number(tags.status ?? 0));
        else if (metric === METRIC.checkFailures && tags.severity === 'error') progress.failed();
      },
    };
    const vu = createVu({
      target,
      settings: config.settings,
      setup: config.setup,
      points: sink,
      recordDrift: config.recordDrift,
      maxRps: config.maxRps,
    });
    const stage = {
      scenario,
      vu,
      points,
      sink,
      arrivals: 0,
      progress,
      progressFile: progressFile(path.join(pointsDir, name), worker),
    };
    this.stages.set(name, stage);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.flush(Date.now() - (Date.now() % 1000)), 1000);
      this.timer.unref();
    }
    return stage;
  }

  private arrive(stage: Stage, name: string, phase: string): Arrival {
    const now = performance.now();
    const clock = (this.clock ??= new PhaseClock(this.phaseSpec));
    const inPhase = clock.arrivals;
    const lateness = clock.arrive(now);
    const { generator } = this.config;
    const workers = this.phaseSpec.totalWorkers ?? 1;
    const generators = generator.count * workers;
    const offset = generator.index * workers + ((this.phaseSpec.worker ?? 1) - 1);
    const index = stage.arrivals * generators + offset;
    // The stage's measured run starts at its first arrival, not at its setup: in a run of several
    // stages it starts after the ones before it (the drift's thirds are thirds of the stage).
    if (stage.arrivals === 0) {
      stage.vu.setup.startedAt = Date.now();
      // Walks still going this long after the schedule stop (ended `stopped`, inconclusive):
      // a walk backing off on 429s must not hold the run open until its own deadline.
      stage.vu.stopAt(Date.now() + (this.config.stages[name]?.durationS ?? 0) * 1000 + GRACE_S * 1000);
    }
    stage.arrivals += 1;
    const tags = { phase };
    stage.progress.arrived(lateness);
    stage.sink.add(METRIC.generatorLateness, 'trend', lateness, tags);
    stage.sink.add(METRIC.arrivals, 'counter', 1, tags);
    return { phase, index, inPhase, generators };
  }

  /** What names a stage's points as Artillery samples: `--publish`'s, a distributed run's. */
  private mirrors(keyValues: readonly string[]): Mirror[] {
    const { publish, verdictMetrics } = this.config;
    const published = publish ? new PublishedMetrics(keyValues) : undefined;
    const verdict = verdictMetrics ? new VerdictMetrics(keyValues, verdictMetrics.trendTags) : undefined;
    return [
      ...(published
        ? [
            (metric: string, _kind: MetricKind, value: number, tags: Record<string, string>) =>
              published.samples(metric, value, tags),
          ]
        : []),
      ...(verdict ? [verdict.samples.bind(verdict)] : []),
    ];
  }

  /** Writes the point, and mirrors the headline counters into Artillery's metrics. */
  private record(
    points: PointWriter,
    metric: string,
    kind: MetricKind,
    value: number,
    tags: Record<string, string>,
    mirrors: readonly Mirror[],
  ): void {
    points.add(metric, kind, value, tags);
    for (const mirror of mirrors)
      for (const sample of mirror(metric, kind, value, tags)) {
        if (sample.type === 'counter') this.count(sample.name, sample.value);
        else this.events?.emit('histogram', sample.name, sample.value);
      }
    if (metric === METRIC.latency) this.count(`harness.responses.${tags.status ?? '0'}`, 1);
    else if (metric === METRIC.walks) this.count(`harness.walks.${tags.end ?? 'complete'}`, 1);
    else if (metric === METRIC.pages) this.count('harness.pages', value);
    else if (metric === METRIC.checkFailures)
      this.count(`harness.check_failures.${tags.check ?? 'unknown'}`, 1);
  }

  private count(name: string, value: number): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + value);
  }

  /** Sends the counters; writes the seconds that are over (every second, at the end). */
  private flush(before = Infinity): void {
    for (const [name, value] of this.counts) this.events?.emit('counter', name, value);
    this.counts.clear();
    for (const stage of this.stages.values()) {
      stage.points.flush(before);
      stage.progress.write(stage.progressFile);
    }
  }

  private finish(): void {
    clearInterval(this.timer);
    this.flush();
    for (const stage of this.stages.values()) void stage.vu.close();
  }
}

export default HarnessEngine;
