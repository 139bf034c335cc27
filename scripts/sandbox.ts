/**
 * Starts the embedded reference API (sandbox/) and writes a target file for it, so the harness
 * drives it exactly as it drives staging. `npm run sandbox -- --help` lists the options; every
 * option also reads HARNESS_SANDBOX_<NAME> (or the older SANDBOX_<NAME>; flag > environment > default).
 */
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import { HarnessError } from '../lib/errors.ts';
import {
  faultListing,
  faultsLine,
  SANDBOX_OPTIONS,
  SANDBOX_USAGE,
  sandboxOptionsFromFlags,
} from '../sandbox/command.ts';
import { startSandbox } from '../sandbox/start.ts';

async function main(): Promise<number> {
  const flags = parseFlags(SANDBOX_OPTIONS, SANDBOX_USAGE);
  if (flags['list-faults'] === true) {
    // One write, so a reader that stops early (| head) does not break the pipe mid-listing.
    console.log(faultListing(flags.json === true));
    return EXIT.pass;
  }
  let sandbox;
  let options;
  try {
    options = sandboxOptionsFromFlags(flags);
    sandbox = await startSandbox(options);
  } catch (error) {
    throw new HarnessError((error as Error).message, { cause: error });
  }
  // Listen for the signal before announcing readiness: whoever waits for the line may stop us at once.
  const stopped = new Promise<string>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log(`sandbox listening at ${sandbox.baseUrl}`);
  console.log(faultsLine(options.faults ?? []));
  console.log(`target file: ${sandbox.targetPath ?? '(none)'}`);
  const signal = await stopped;
  console.log(`${signal}: stopping the sandbox`);
  await sandbox.close();
  return EXIT.pass;
}

runCli(main);
