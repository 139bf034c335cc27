/**
 * Latency drift over a run is judged on floors, not medians: a busy machine (other processes,
 * the load generator itself) spreads latencies upwards and moves medians by tens of ms, while a
 * server that slows down with time lifts the floor of every request. setup() measures the floor
 * (the 10th percentile) of a few first pages before the load starts; every request of the run is
 * then reported as its distance from it, and the soak profile gates the floor of the last third.
 */
import { percentileOf } from './points/percentile.ts';

/** The 10th percentile of the samples (the one percentile, ./points/percentile.ts), ms; 0 for none. */
export const latencyFloor = (samples: readonly number[]): number => percentileOf(samples, 10);
