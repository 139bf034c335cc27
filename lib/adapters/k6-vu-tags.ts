/**
 * Tags for everything a VU emits while it walks. A tag object passed with every request and
 * metric sample is converted from JavaScript by k6 on each call; tags set on the VU once per walk
 * cost nothing per sample and reach the same samples: k6's own HTTP metrics and the harness's.
 */
import exec from 'k6/execution';

export interface VuTags {
  set(name: string, value: string): void;
  /** Puts back what tag `name` was before. */
  drop(name: string): void;
  /** Puts back what the VU's tags were before; call it once, in a finally. */
  restore(): void;
}

type TagValue = string | number | boolean | undefined;

// The VU's tags, as a live object bound to the VU: `exec.vu` builds a new one on every read,
// which costs more than a walk's worth of tag changes.
let vuTagObject: Record<string, TagValue> | undefined;

export function vuTags(tags: Readonly<Record<string, string>>): VuTags {
  const live = (vuTagObject ??= exec.vu.metrics.tags);
  // Index loops and arrays rather than a Map and for...of: this runs once per walk in k6's interpreter.
  const names: string[] = [];
  const before: TagValue[] = [];
  const put = (name: string, value: TagValue): void => {
    if (value === undefined) delete live[name];
    else live[name] = value;
  };
  const set = (name: string, value: string): void => {
    if (!names.includes(name)) {
      names.push(name);
      before.push(live[name]);
    }
    live[name] = value;
  };
  const given = Object.keys(tags);
  for (let index = 0; index < given.length; index += 1) {
    const name = given[index] as string;
    set(name, tags[name] as string);
  }
  return {
    set,
    drop(name) {
      const at = names.indexOf(name);
      if (at !== -1) put(name, before[at]);
    },
    restore() {
      for (let index = 0; index < names.length; index += 1) put(names[index] as string, before[index]);
    },
  };
}
