/**
 * Servers under measurement run in a child process of their own: their memory is theirs alone,
 * they get their own event loop (as in production), and the bench can pause them to inject a stall.
 * Protocol over IPC: the child sends `{ type: 'ready', ... }` once; the parent asks
 * `{ type: 'memory' }` (answered with `{ type: 'memory', rssBytes }`) and `{ type: 'close' }`.
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface ChildServer<Ready> {
  ready: Ready;
  pid: number;
  /** Resident set size of the child, as it reports it. */
  rssBytes(): Promise<number>;
  /** SIGSTOP: the whole process freezes (what a long GC pause or a stuck host looks like). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

interface ChildMessage {
  type: string;
  error?: string;
  rssBytes?: number;
}

function nextMessage(
  child: ChildProcess,
  type: string,
  timeoutMs: number,
  what: string,
): Promise<ChildMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`${what}: no "${type}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (message: ChildMessage) => {
      if (message.type === 'error') finish(new Error(`${what}: ${message.error ?? 'failed'}`));
      else if (message.type === type) finish(undefined, message);
    };
    const onExit = (code: number | null) =>
      finish(new Error(`${what} exited (code ${code}) before "${type}": ${stderrTail(child)}`));
    function finish(error: Error | undefined, message?: ChildMessage) {
      clearTimeout(timer);
      child.off('message', onMessage).off('exit', onExit);
      if (error) reject(error);
      else resolve(message as ChildMessage);
    }
    child.on('message', onMessage).on('exit', onExit);
  });
}

const stderrTails = new WeakMap<ChildProcess, string>();

/** The child's last line on stderr (kept, bounded, for the error when it dies at start). */
function stderrTail(child: ChildProcess): string {
  return (stderrTails.get(child) ?? '').trim().split('\n').pop() ?? '';
}

/** Forks a TypeScript child (through tsx) and waits for its ready message. */
export async function forkServer<Ready>(
  file: string,
  options: unknown,
  what: string,
  startTimeoutMs: number,
): Promise<ChildServer<Ready>> {
  const child = fork(file, [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTails.set(child, `${stderrTails.get(child) ?? ''}${chunk}`.slice(-2000));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGCONT');
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'close' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  };
  try {
    const ready = (await nextMessage(child, 'ready', startTimeoutMs, what)) as unknown as Ready;
    return {
      ready,
      pid: child.pid ?? 0,
      rssBytes: async () => (await askMemory(child, what)).rssBytes ?? NaN,
      pause: () => child.kill('SIGSTOP'),
      resume: () => child.kill('SIGCONT'),
      stop,
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

function askMemory(child: ChildProcess, what: string): Promise<ChildMessage> {
  const reply = nextMessage(child, 'memory', 10_000, what);
  child.send({ type: 'memory' });
  return reply;
}

/** The child's side: answers memory and close requests; `close` is the server's own shutdown. */
export function serveParent(ready: Record<string, unknown>, close: () => Promise<void>): void {
  process.on('message', (message: ChildMessage) => {
    if (message.type === 'memory') process.send?.({ type: 'memory', rssBytes: process.memoryUsage().rss });
    if (message.type === 'close') void close().finally(() => process.exit(0));
  });
  // The bench is gone (it crashed or was killed): a server must not outlive it.
  process.on('disconnect', () => void close().finally(() => process.exit(0)));
  process.send?.({ type: 'ready', ...ready });
}

/** The child's side of a failed start: one line to the parent, then exit. */
export function reportStartFailure(error: unknown): void {
  process.send?.({ type: 'error', error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}

/** The options the parent passed to forkServer. */
export const childOptions = <T>(): T => JSON.parse(process.argv[2] ?? '{}') as T;
