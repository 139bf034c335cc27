/**
 * A tiny HTTP server that accepts every connection and answers some requests, not others: the
 * request's `q` says how (`drop`: the socket closed before any answer; `half`: a status line, a
 * Content-Length of 100 and ten bytes, then the socket closed; `hang`: nothing, ever), and
 * `drops(n)` whether the n-th request without one (1-based) is dropped too. Every other request gets
 * an empty page of the spec's shape, with Date and Content-Type. For the no-answer paths of every
 * job: a target reached (a connection accepted) that leaves a request without an answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const EMPTY_PAGE = JSON.stringify({ data: [], pagination: { nextPageToken: null, hasMore: false } });

export interface UnansweringServer {
  /** Ends in /api/v1, as a target file's baseUrl does. */
  baseUrl: string;
  /** Requests seen, in order, as their path and query. */
  seen: string[];
  close(): Promise<void>;
}

function answer(request: IncomingMessage, response: ServerResponse, dropped: boolean): void {
  const how = new URL(request.url ?? '/', 'http://x').searchParams.get('q');
  if (how === 'hang') return;
  if (how === 'drop' || dropped) {
    request.socket.destroy();
    return;
  }
  if (how === 'half') {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    response.write('{"data":[]', () => request.socket.destroy());
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(EMPTY_PAGE);
}

export async function startUnansweringServer(
  drops: (n: number) => boolean = () => false,
): Promise<UnansweringServer> {
  const seen: string[] = [];
  let plain = 0;
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const own = new URL(request.url ?? '/', 'http://x').searchParams.has('q');
    answer(request, response, !own && drops((plain += 1)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
