import { currentBasePath } from '#/api/basePath';

/**
 * The router's basepath: the frame prefix the page is served under, found by the same rule the
 * API client uses (src/api/basePath.ts), so routes and API calls always share one prefix.
 */
export function routerBasepath(): string {
  return currentBasePath() || '/';
}
