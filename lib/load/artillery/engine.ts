/**
 * The harness's Artillery engine: the one place that knows Artillery's API (the engine contract
 * of artillery 2.x: a class whose createScenario(spec, events) returns the VU function; metrics go
 * out through events.emit). Artillery starts the run, its phases, its worker threads and cloud
 * runners; each arrival it starts is a slot (./slots.ts): the slot's arrivals of its stage's
 * schedule are started by the engine at their own due times (lib/load/due-timer.ts), each one an
 * arrival of the stage's scenario (handed in by the bundle's entry, scenarios/engine-entry.ts)
 * with that stage's Vu, over one undici client per stage and thread; lateness is measured from
 * those due times. Artillery's own vusers.* therefore count slots, not walks.
 *
 * Every sample is folded into its second's cell of the stage's points (lib/load/points), written
 * once a second, for the harness to merge and judge, and a few counters are mirrored into
 * Artillery's own metrics (summed per second: Artillery digests every emitted sample, which
 * stalls its event loop at thousands per second). With `--publish`, the points also feed
 * dimensioned Artillery metrics (published-metrics.ts) for the publish-metrics plugin: counters
 * summed per second the same way, latency and walk histograms per sample. In a distributed run
 * the points also feed every series the verdict reads (verdict-metrics.ts), the same way, for the
 * harness to judge Artillery's merged report.
 */
import type { EventEmitter } from 'node:events';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { startAtDueTimes } from '../due-timer.ts';
import { METRIC } from '../metrics.ts';
import type { MetricKind } from '../points/format.ts';
import type { PointWriter } from '../points/write.ts';
import { phasesDurationS } from '../phases.ts';
import { StageSchedule, generatorArrivals, type DueArrival } from '../walk-schedule.ts';
import { planWalk } from '../walk-plan.ts';
import { GRACE_S, splitPhaseName, type EngineConfig } from './engine-config.ts';
import { headlineCounters } from './headline-counters.ts';
import { PublishedMetrics, type ArtillerySample } from './published-metrics.ts';
import { instanceLane, SlotPlan, threadLanes, type PhaseSpec } from './slots.ts';
import { makeStage, type Recorder, type Stage } from './stage.ts';
import { VerdictMetrics } from './verdict-metrics.ts';

type ArtilleryEvents = Pick<EventEmitter, 'emit'>;
type VuCallback = (error: Error | null, context: unknown) => void;
type Tags = Record<string, string>;
type Mirror = (metric: string, kind: MetricKind, value: number, tags: Tags) => ArtillerySample[];

/** The busy share's tags: none. It is the thread's, whatever its arrivals' phases. */
const THREAD_TAGS: Tags = {};

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

class HarnessEngine {
  private readonly config: EngineConfig;
  private readonly stages = new Map<string, Stage>();
  /**
   * The slots phase that started last. A slot belongs to it even when it comes during the pause
   * after it: Artillery times a ramp's last arrival at the end of its last second, which can fall
   * just after the phase (the next stage's slots start a pause later).
   */
  private slotsPhase: PhaseSpec = {};
  private events: ArtilleryEvents | undefined;
  private readonly counts = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** The thread's event-loop utilisation at the last busy sample (sampleBusy). */
  private loop: EventLoopUtilization = performance.eventLoopUtilization();

  /** Artillery makes one per worker, and one per hook: clients are made on first use. */
  constructor(script: { config: { harness: EngineConfig } }, runner: EventEmitter) {
    this.config = script.config.harness;
    runner.on('phaseStarted', (spec: PhaseSpec) => {
      if (splitPhaseName(spec.name ?? '').phase === 'slots') this.slotsPhase = spec;
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

  /** The VU function: one call per slot, done when every arrival the slot started has ended. */
  createScenario(_spec: unknown, events: ArtilleryEvents): (context: unknown, callback: VuCallback) => void {
    this.events = events;
    return (context, callback) => {
      // An engine that never says `started` leaves Artillery waiting for the scenario forever.
      events.emit('started');
      let stage: Stage;
      try {
        stage = this.stage(splitPhaseName(this.slotsPhase.name ?? '').stage);
      } catch (error) {
        events.emit('error', 'harness engine could not start');
        callback(error instanceof Error ? error : new Error(message(error)), context);
        return;
      }
      this.runSlot(stage).then(
        () => callback(null, context),
        (error: unknown) => {
          events.emit('error', message(error).slice(0, 120));
          callback(error instanceof Error ? error : new Error(message(error)), context);
        },
      );
    };
  }

  private stage(name: string): Stage {
    let stage = this.stages.get(name);
    if (stage) return stage;
    stage = makeStage(this.config, name, (points, keyValues) => this.recorder(points, keyValues));
    this.stages.set(name, stage);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.flushSeconds(Date.now() - (Date.now() % 1000)), 1000);
      this.timer.unref();
    }
    return stage;
  }

  /** The stage's share of this thread, made at its first slot (the stage's measured start). */
  private slotsOf(stage: Stage): SlotPlan {
    if (stage.slots) return stage.slots;
    const { generator, slotsPerS } = this.config;
    const share =
      generator.index === undefined ? { ...generator, lane: instanceLane(generator.count) } : generator;
    const arrivals = generatorArrivals(new StageSchedule(stage.config.phases), share);
    const lanes = threadLanes(slotsPerS, this.slotsPhase);
    const durationS = phasesDurationS(stage.config.phases);
    stage.slots = new SlotPlan(arrivals, lanes, durationS);
    stage.anchor = performance.now();
    // A run of several stages measures each from its own start (the drift's thirds are the stage's).
    stage.vu.setup.startedAt = Date.now();
    // Walks still going this long after the schedule stop (ended `stopped`, inconclusive): a walk
    // backing off on 429s must not hold the run open until its own deadline.
    stage.vu.stopAt(Date.now() + (durationS + GRACE_S) * 1000);
    const maxInFlight = stage.config.maxInFlight;
    if (maxInFlight !== undefined)
      stage.maxInFlight = Math.max(1, Math.round(maxInFlight * stage.slots.share));
    return stage.slots;
  }

  /** Starts the slot's arrivals at their due times; resolves when all have ended. */
  private async runSlot(stage: Stage): Promise<void> {
    const slots = this.slotsOf(stage);
    stage.sink.add(METRIC.slots, 'counter', 1, {});
    const due = slots.take().map((arrival) => ({ ...arrival, at: stage.anchor + arrival.dueMs }));
    const share = slots.share * (1 / this.config.generator.count);
    await startAtDueTimes(due, (arrival, lateness) => this.start(stage, arrival, lateness, share));
  }

  /** One arrival of the stage's scenario, started `lateness` ms after its due time. */
  private async start(stage: Stage, arrival: DueArrival, lateness: number, share: number): Promise<void> {
    let tags = stage.phaseTags.get(arrival.phase);
    if (tags === undefined) stage.phaseTags.set(arrival.phase, (tags = { phase: arrival.phase }));
    if (stage.inFlight >= stage.maxInFlight) {
      stage.sink.add(METRIC.skipped, 'counter', 1, tags);
      return;
    }
    stage.inFlight += 1;
    stage.arrivedSinceSample = true;
    stage.progress.arrived(lateness);
    stage.sink.add(METRIC.generatorLateness, 'trend', lateness, tags);
    stage.sink.add(METRIC.arrivals, 'counter', 1, tags);
    try {
      await stage.scenario.arrival(stage.vu, { phase: arrival.phase, index: arrival.index, share });
    } catch (error) {
      const text = message(error);
      stage.points.add('engine_errors', 'counter', 1, { message: text.slice(0, 300) });
      this.events?.emit('error', text.slice(0, 120));
    } finally {
      stage.inFlight -= 1;
    }
  }

  /** Records a stage's points: written, mirrored as Artillery samples, headline counters summed. */
  private recorder(points: PointWriter, keyValues: readonly string[]): Recorder {
    const mirrors = this.mirrors(keyValues);
    return (metric, kind, value, tags) => {
      points.add(metric, kind, value, tags);
      for (const mirror of mirrors)
        for (const sample of mirror(metric, kind, value, tags)) {
          if (sample.type === 'counter') this.count(sample.name, sample.value);
          else this.events?.emit('histogram', sample.name, sample.value);
        }
      for (const [name, count] of headlineCounters(metric, value, tags)) this.count(name, count);
    };
  }

  /** What names a stage's points as Artillery samples: `--publish`'s, a distributed run's. */
  private mirrors(keyValues: readonly string[]): Mirror[] {
    const { publish, verdictMetrics } = this.config;
    const published = publish ? new PublishedMetrics(keyValues) : undefined;
    const verdict = verdictMetrics ? new VerdictMetrics(keyValues, verdictMetrics.trendTags) : undefined;
    return [
      ...(published
        ? [
            (metric: string, _kind: MetricKind, value: number, tags: Tags) =>
              published.samples(metric, value, tags),
          ]
        : []),
      ...(verdict ? [verdict.samples.bind(verdict)] : []),
    ];
  }

  private count(name: string, value: number): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + value);
  }

  /**
   * Every second: sends the counters, and writes the seconds that are over off the due timer's
   * turn (PointWriter.flushSoon: encoded in slices, gzipped on the thread pool).
   */
  private flushSeconds(before: number): void {
    this.sampleBusy();
    this.sendCounts();
    for (const stage of this.stages.values()) {
      stage.points.flushSoon(before);
      stage.progress.write(stage.progressFile);
    }
  }

  /**
   * The share of the time since the last sample this thread's event loop was busy, as a point of
   * every stage that had arrivals in flight meanwhile: what tells whether its requests' client
   * wait was its own (lib/load/verdict.ts generatorShortfall).
   */
  private sampleBusy(): void {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, this.loop).utilization * 100;
    this.loop = now;
    for (const stage of this.stages.values()) {
      if (stage.inFlight > 0 || stage.arrivedSinceSample)
        stage.sink.add(METRIC.generatorBusy, 'trend', busy, THREAD_TAGS);
      stage.arrivedSinceSample = false;
    }
  }

  private sendCounts(): void {
    for (const [name, value] of this.counts) this.events?.emit('counter', name, value);
    this.counts.clear();
  }

  /** At the end: the counters, and every point written before this returns. */
  private finish(): void {
    clearInterval(this.timer);
    this.sampleBusy();
    this.sendCounts();
    for (const stage of this.stages.values()) {
      stage.points.flush();
      stage.progress.write(stage.progressFile);
    }
    for (const stage of this.stages.values()) void stage.vu.close();
  }
}

export default HarnessEngine;
