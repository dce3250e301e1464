/** Where the public api lives: every route under it is called with an API key. */
const PUBLIC_API_PATH = '/api/v1';

/**
 * Whether a request path (or a route's pattern) lies under the public api. Express matches
 * routes without regard to case, so neither does this.
 */
export function isPublicApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === PUBLIC_API_PATH || lower.startsWith(`${PUBLIC_API_PATH}/`);
}
