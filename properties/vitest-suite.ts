/**
 * The thin vitest face of the property definitions: one `it` per property, run by the same
 * runner the `props` command uses, against the target globalSetup provides. A skip is reported
 * as a skip with its reason, a failure with its seed, path, shrunk requests and a curl repro.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createContext, type SuiteContext } from '../lib/props/context.ts';
import { runOptions } from '../lib/props/options.ts';
import { loadProvidedTarget, providedSource } from './provided-target.ts';
import { failureReport, writeRunArtifacts } from '../lib/props/report.ts';
import { runProperty, type PropertyResult } from '../lib/props/runner.ts';
import type { Family, PropertyDefinition } from '../lib/props/types.ts';

export function describeFamily(family: Family, properties: readonly PropertyDefinition[]): void {
  describe(`${family} properties`, () => {
    const options = runOptions({}, process.env);
    const results: PropertyResult[] = [];
    const source = providedSource(inject('harnessTarget'));
    let context: SuiteContext;

    beforeAll(async () => {
      context = createContext(await loadProvidedTarget(inject('harnessTarget')), {
        walkPages: options.walkPages,
      });
    });

    afterAll(() => context.close());

    for (const property of properties)
      it(`should hold: ${property.name}`, async (test) => {
        const result = await runProperty(property, context, options);
        results.push(result);
        if (result.status === 'skipped') test.skip(result.reason);
        if (result.status === 'failed') {
          // A test writes only into a temporary folder; the failure message names the reproduction.
          const directory = await mkdtemp(join(tmpdir(), `props-vitest-${family}-`));
          const artifacts = await writeRunArtifacts(directory, context.target, results, options, source);
          expect.fail(
            `${failureReport(result, source)}\nreproduction: ${artifacts.reproductions[result.name]}`,
          );
        }
        expect(result.status).toBe('passed');
      });
  });
}
