import fc from 'fast-check';
import type { Coverage } from '../../lib/props/coverage.ts';
import type { Survey } from '../../lib/props/survey.ts';
import type { AimedWalk } from './aimed-walk.ts';
import { coverageOf, pagedWalks, type PagedSpec } from './paged.ts';

/** A property's inputs: what it draws, and its coverage phase when its lists are aimed. */
export interface Inputs<Input> {
  arbitrary: fc.Arbitrary<Input>;
  coverage?: Coverage<Input>;
}

/**
 * The blind draws beside the walks aimed at every paging class (properties/arbitraries/paged.ts),
 * with the aimed walks' coverage phase; blind only when no list's sizes are exact (its report
 * then says why of every class).
 */
export function aimedBeside<Input>(
  blind: fc.Arbitrary<Input>,
  survey: Survey,
  spec: PagedSpec,
  convert: { to: (walk: AimedWalk) => Input; from: (input: Input) => AimedWalk | undefined },
): Inputs<Input> {
  const aimed = pagedWalks(survey, spec);
  return {
    arbitrary: aimed.arbitrary === null ? blind : fc.oneof(aimed.arbitrary.map(convert.to), blind),
    coverage: coverageOf(aimed.coverage, aimed.coverage.examples.map(convert.to), convert.from),
  };
}
