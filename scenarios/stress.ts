/**
 * Overload: the arrival rate ramps to 6x and holds (the stress profile by default). Overload must
 * be answered with 429 and honoured backoff, never with a 5xx or a timeout (server_errors == 0).
 * Short pages, so each walk asks a lot.
 */
import { walkingScenario } from './common/walking.ts';

export const stress = walkingScenario('stress', 'stress', { limits: [20] });
