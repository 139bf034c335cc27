/**
 * lib/ does not import the layers above it: a test that runs a command's lib/ code hands it the
 * sandbox, the load scenarios and the property suites as the entry points do (`import '../setup/provide-layers.ts'`).
 */
import { provideProperties } from '../../lib/props/registry.ts';
import { provideSandbox } from '../../lib/target/sandbox.ts';
import { ALL_PROPERTIES } from '../../properties/all.ts';
import { SANDBOX } from '../../sandbox/start.ts';
import { provideScenarios } from '../../lib/load/registry.ts';
import { SCENARIOS } from '../../scenarios/index.ts';

provideSandbox(SANDBOX);
provideScenarios(SCENARIOS);
provideProperties(ALL_PROPERTIES);
