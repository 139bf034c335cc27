/**
 * Tags for everything a VU emits while it walks. A tag object passed with every request and
 * metric sample is converted from JavaScript by k6 on each call; tags set on the VU once per walk
 * cost nothing per sample and reach the same samples: k6's own HTTP metrics and the harness's.
 */
import exec from 'k6/execution';

export interface VuTags {
  set(name: string, value: string): void;
  /** Puts back what the VU's tags were before; call it once, in a finally. */
  restore(): void;
}

export function vuTags(tags: Readonly<Record<string, string>>): VuTags {
  const live = exec.vu.metrics.tags;
  const before = new Map<string, string | number | boolean | undefined>();
  const set = (name: string, value: string): void => {
    if (!before.has(name)) before.set(name, live[name]);
    live[name] = value;
  };
  for (const name of Object.keys(tags)) set(name, tags[name] as string);
  return {
    set,
    restore() {
      for (const [name, value] of before)
        if (value === undefined) delete live[name];
        else live[name] = value;
    },
  };
}
