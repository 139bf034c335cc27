/**
 * Stands in for `k6/x/pagefold` in bundles for a stock k6 (the k6-operator's image): no screen,
 * so every page is checked in JavaScript (correct, several times slower per page).
 */
import type { IdSet, Lane, Screen } from 'k6/x/pagefold';

export const newScreen: ((specJSON: string) => Screen) | undefined = undefined;
export const newIdSet: ((idsJSON: string) => IdSet) | undefined = undefined;
export const certifies: readonly string[] | undefined = undefined;
export const newLane: ((get: unknown, depthsJSON: string, metrics: readonly object[]) => Lane) | undefined =
  undefined;
