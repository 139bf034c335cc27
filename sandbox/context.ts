import type { KeyRing } from './auth.ts';
import type { Tenant } from './catalog.ts';
import type { CursorCodec } from './cursor.ts';
import type { FaultSet } from './faults/catalogue.ts';
import type { LoadFaults } from './faults/load.ts';
import type { RateLimits } from './rate-limit.ts';
import type { ServerCapacity } from './serve.ts';
import type { Store } from './store.ts';
import type { PageValidators } from './routes/validators.ts';
import type { SandboxIdentity } from '../lib/target/sandbox-identity.ts';

/** Everything the routes of one sandbox instance share; built once, never per request. */
export interface SandboxContext {
  store: Store;
  faults: FaultSet;
  keys: KeyRing;
  limits: RateLimits;
  cursors: CursorCodec;
  load: LoadFaults;
  /** `--serve`: the load shedder and the connection pool of a known capacity. */
  capacity: ServerCapacity;
  /** Lower-case name of the X-<Brand>-Api-Key header, as Node presents request headers. */
  brandHeader: string;
  tenantsByName: ReadonlyMap<string, Tenant>;
  /** A page's ETag (and the faults' Last-Modified), and whether its request's condition makes it a 304. */
  validators: PageValidators;
  /** Which sandbox this is: written into its target file and answered at /api/v1/_sandbox. */
  identity: SandboxIdentity;
}
