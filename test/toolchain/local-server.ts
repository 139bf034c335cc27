import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  url: string;
  /** How many requests arrived. */
  readonly requests: number;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1, on a free port; resolves once it is listening. */
export async function startLocalServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise((resolve) => {
        // Requests a test left hanging must not keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers every request with this status and a small JSON body. */
export const respondWith = (status: number) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
};
