/**
 * The baseline for the sandbox's throughput: a minimal Fastify route that answers every GET of
 * the orders path with the same page object (serialized per request, as any route would), with
 * no auth, rate limit, SQL or cursor work. The difference to the sandbox is what those cost.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { childOptions, reportStartFailure, serveParent } from './child.ts';

export interface BaselineOptions {
  /** The page to answer with, as JSON text. */
  page: string;
}

export interface BaselineReady {
  baseUrl: string;
}

async function main(): Promise<void> {
  const page = JSON.parse(childOptions<BaselineOptions>().page) as unknown;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.get('/api/v1/public/orders', () => page);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const ready: BaselineReady = { baseUrl: `http://127.0.0.1:${port}/api/v1` };
  serveParent({ ...ready }, () => app.close());
}

main().catch(reportStartFailure);
