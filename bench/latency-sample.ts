/**
 * Latency of single requests, sent one at a time and interleaved across URLs, so that every URL
 * sees the same machine noise: the right tool for comparing two pages of one server.
 */
export interface SampleOptions {
  urls: readonly string[];
  headers: Record<string, string>;
  /** Requests per URL. */
  rounds: number;
  /** Per request. @default 10000 */
  timeoutMs?: number;
}

async function timeOne(url: string, options: SampleOptions): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: options.headers,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
  return performance.now() - started;
}

/** Milliseconds per request, one array per URL, in the order of `urls`. */
export async function sampleInterleaved(options: SampleOptions): Promise<number[][]> {
  const samples = options.urls.map((): number[] => []);
  // One unmeasured round first: connections opened, code paths warm.
  for (const url of options.urls) await timeOne(url, options);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [index, url] of options.urls.entries()) samples[index]?.push(await timeOne(url, options));
  }
  return samples;
}
