/**
 * Freezes a server process for stallMs at the start of every periodMs, on a fixed schedule (each
 * stall is timed from the origin, so timer lateness never accumulates into drift).
 */
export interface Pausable {
  pause(): void;
  resume(): void;
}

export interface StallSchedule {
  stallMs: number;
  periodMs: number;
}

/** Starts the stalls; the returned function stops them and leaves the process running. */
export function startStalls(target: Pausable, { stallMs, periodMs }: StallSchedule): () => void {
  const origin = performance.now();
  let period = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const at = (ms: number, action: () => void) => {
    timer = setTimeout(action, Math.max(0, origin + ms - performance.now()));
  };
  const stall = () => {
    if (stopped) return;
    target.pause();
    at(period * periodMs + stallMs, () => {
      target.resume();
      period += 1;
      at(period * periodMs, stall);
    });
  };
  stall();
  return () => {
    stopped = true;
    clearTimeout(timer);
    target.resume();
  };
}
