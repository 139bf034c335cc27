/** The async paging loop for Node: bounded in pages (the walk's maxPages) and in time. */
import type { NodeClient } from './node-http.ts';
import { foldPage, nextCall, startWalk, type WalkSpec, type WalkState } from '../paging/walk.ts';

export interface NodeWalk extends WalkState {
  /** 429s absorbed by backoff during the walk. */
  retries: number;
}

export async function walkList(client: NodeClient, spec: WalkSpec, deadlineMs: number): Promise<NodeWalk> {
  const state: NodeWalk = { ...startWalk(spec), retries: 0 };
  for (let call = nextCall(state); call !== null; call = nextCall(state)) {
    if (Date.now() > deadlineMs) {
      state.end = 'timed-out';
      break;
    }
    const { response, retries } = await client.sendWithRetry(call);
    state.retries += retries;
    if (response.status === 429) {
      state.end = 'throttled';
      break;
    }
    foldPage(state, call, response);
  }
  return state;
}
