/** Properties made of single requests whose status the contract fixes (limits, cursors, auth). */
import type fc from 'fast-check';
import type { ProbeCheck } from '../lib/checks/types.ts';
import type { ApiCall } from '../lib/http/call.ts';
import {
  defineProperty,
  isSkip,
  prepared,
  type PropertyContext,
  type PropertyInfo,
  type Skip,
} from './types.ts';
import { probe, verdict } from './walks.ts';

/** One request and, in words, what it tries (for the failure message). */
export interface ProbeInput {
  call: ApiCall;
  probe: string;
}

interface ProbePropertySpec extends Omit<PropertyInfo, 'checks'> {
  check: ProbeCheck;
  inputs: (context: PropertyContext) => Promise<fc.Arbitrary<ProbeInput> | Skip>;
}

export const probeProperty = ({ check, inputs, ...info }: ProbePropertySpec) =>
  defineProperty({
    ...info,
    checks: [check.name],
    async prepare(context) {
      const arbitrary = await inputs(context);
      if (isSkip(arbitrary)) return arbitrary;
      return prepared(arbitrary, async (input) => {
        verdict(context, (await probe(context, input.call, check, input.probe)).failures);
      });
    },
  });
