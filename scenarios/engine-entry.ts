/**
 * The file esbuild bundles for Artillery (lib/load/artillery/build-engine.ts): it hands the
 * scenarios to lib/load and exports the harness's engine, so Artillery's workers run the same
 * scenarios as the commands while lib/ imports none of them.
 */
import HarnessEngine from '../lib/load/artillery/engine.ts';
import { provideScenarios } from '../lib/load/registry.ts';
import { SCENARIOS } from './index.ts';

provideScenarios(SCENARIOS);

export default HarnessEngine;
