/**
 * Insights (issue 58): what other modules may use (diagnostics' `system` queue processor runs
 * the Monday digest's job); the rest of this directory is internal.
 */
export {
  INSIGHTS_DIGEST_JOB,
  InsightsDigestService,
  digestKey,
  type DigestRunResult,
} from './insights-digest.service';
