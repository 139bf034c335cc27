/**
 * The custom metrics of the load scenarios. k6 only allows creating metrics in the init context,
 * which is when this module is evaluated.
 */
import { Counter, Rate, Trend } from 'k6/metrics';
import { METRIC } from '../load/metrics.ts';

const isTime = true;

export const metrics = {
  walkPages: new Trend(METRIC.walkPages),
  walkDuration: new Trend(METRIC.walkDuration, isTime),
  pages: new Counter(METRIC.pages),
  screenedPages: new Counter(METRIC.screenedPages),
  foldedPages: new Counter(METRIC.foldedPages),
  walks: new Counter(METRIC.walks),
  walkInconclusive: new Rate(METRIC.walkInconclusive),
  rateLimited: new Rate(METRIC.rateLimited),
  retries: new Counter(METRIC.retries),
  throttleRecovery: new Trend(METRIC.throttleRecovery, isTime),
  retryAfterPresent: new Rate(METRIC.retryAfterPresent),
  retryAfterHonest: new Rate(METRIC.retryAfterHonest),
  serverErrors: new Rate(METRIC.serverErrors),
  checkFailures: new Counter(METRIC.checkFailures),
  depthLatencyAdded: new Trend(METRIC.depthLatencyAdded, isTime),
  latencyDrift: new Trend(METRIC.latencyDrift, isTime),
};
