/** The customer's walk, from their HAR file or from --endpoint and --params. */
import { ENDPOINT_INFO, LIMITS, type Endpoint } from '../contract/endpoints.ts';
import { HarnessError } from '../errors.ts';
import type { Query } from '../http/call.ts';
import { customerWalk, type CustomerWalk } from './har.ts';
import { readHarFile } from './har-read.ts';
import type { ReproOptions } from './options.ts';

export interface ReproInput {
  walk: CustomerWalk;
  /** Credentials found in the HAR (in memory only), for the redactor. */
  secrets: string[];
  /** Where the walk came from, for messages: the HAR's path or the flags. */
  source: string;
}

function walkFromParams(endpoint: Endpoint, params: string): CustomerWalk {
  const filters: Query = {};
  let limit: number | undefined;
  for (const [name, value] of new URLSearchParams(params.replace(/^\?/, ''))) {
    if (name === 'limit') {
      limit = Number(value);
      if (!/^\d+$/.test(value) || limit < LIMITS.min || limit > LIMITS.max)
        throw new HarnessError(
          `--params: limit=${value} is not valid; expected ${LIMITS.min} to ${LIMITS.max}`,
        );
    } else if (name === 'cursor') {
      throw new HarnessError('--params: leave out cursor; the replay follows the cursors the target gives');
    } else if (!ENDPOINT_INFO[endpoint].filters.includes(name)) {
      throw new HarnessError(
        `--params: ${endpoint} has no filter "${name}"; its filters are ${ENDPOINT_INFO[endpoint].filters.join(', ')}, and limit`,
      );
    } else filters[name] = value;
  }
  return { endpoint, filters, limit, pages: [], baseUrl: '' };
}

export async function reproInput(options: ReproOptions): Promise<ReproInput> {
  if (options.har === undefined) {
    const endpoint = options.endpoint ?? 'orders';
    return { walk: walkFromParams(endpoint, options.params), secrets: [], source: `--endpoint ${endpoint}` };
  }
  const stripped = await readHarFile(options.har);
  const result = customerWalk(stripped.har, stripped.keys, options.endpoint);
  if (!result.ok) throw new HarnessError(`HAR file ${options.har} ${result.problem}`);
  return { walk: result.walk, secrets: stripped.secrets, source: options.har };
}
