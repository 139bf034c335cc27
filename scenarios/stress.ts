/**
 * Overload: the arrival rate ramps to 6x and holds (the stress profile by default). Overload must
 * be answered with 429 and honoured backoff, never with a 5xx or a timeout (server_errors == 0,
 * http_req_failed == 0 with 429 an expected status). Short pages, so each walk asks a lot.
 */
import { walkingScenario } from './common/walking.ts';

const scenario = walkingScenario('stress', 'stress', { limits: [20] });

export const { options, setup, walk, handleSummary } = scenario;
