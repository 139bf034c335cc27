/**
 * lib/ does not import the layers above it: a test that runs a command's lib/ code hands it the
 * sandbox and the property suites as the entry points do (`import '../setup/provide-layers.ts'`).
 */
import { provideProperties } from '../../lib/props/registry.ts';
import { provideSandbox } from '../../lib/target/sandbox.ts';
import { ALL_PROPERTIES } from '../../properties/all.ts';
import { SANDBOX } from '../../sandbox/start.ts';

provideSandbox(SANDBOX);
provideProperties(ALL_PROPERTIES);
