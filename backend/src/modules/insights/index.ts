/**
 * Insights: the figures of the contract pipeline and the Monday digest. What other code may
 * use (the tests run the digest); the rest of this directory is internal.
 */
export { InsightsDigestService, digestKey } from './insights-digest.service';
