import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { busiestProfile, topSelfTime, type CpuProfile } from '../../bench/cpu-profile.ts';

const node = (id: number, functionName: string, url: string, lineNumber: number, hitCount: number) => ({
  id,
  callFrame: { functionName, url, lineNumber },
  hitCount,
});

const PROFILE: CpuProfile = {
  startTime: 0,
  endTime: 1,
  nodes: [
    node(1, '(root)', '', 0, 0),
    node(2, '(idle)', '', 0, 50),
    node(3, 'parse', 'file:///x/node_modules/undici/lib/parse.js', 9, 20),
    node(4, 'parse', 'file:///x/node_modules/undici/lib/parse.js', 9, 10),
    node(5, 'foldPage', 'file:///x/lib/paging/walk.ts', 99, 15),
    node(6, '', 'file:///x/lib/a.ts', 0, 5),
  ],
};

describe('topSelfTime', () => {
  it('should rank functions by their own samples, one row per function and place', () => {
    expect(topSelfTime(PROFILE, 3)).toEqual([
      { where: '(idle)', samples: 50, share: 0.5 },
      { where: 'parse (undici/lib/parse.js:10)', samples: 30, share: 0.3 },
      { where: 'foldPage (walk.ts:100)', samples: 15, share: 0.15 },
    ]);
    expect(topSelfTime(PROFILE, 10).at(-1)).toEqual({
      where: '(anonymous) (a.ts:1)',
      samples: 5,
      share: 0.05,
    });
  });

  it('should pick the thread that did the work among a run’s profiles', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cpu-'));
    const idle: CpuProfile = { startTime: 0, endTime: 1, nodes: [node(1, '(idle)', '', 0, 500)] };
    writeFileSync(path.join(dir, 'CPU.main.cpuprofile'), JSON.stringify(idle));
    writeFileSync(path.join(dir, 'CPU.worker.cpuprofile'), JSON.stringify(PROFILE));
    expect(busiestProfile(dir)).toEqual(PROFILE);
    expect(busiestProfile(mkdtempSync(path.join(tmpdir(), 'cpu-none-')))).toBeUndefined();
  });
});
