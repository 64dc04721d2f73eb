/**
 * The router's basepath. Until the API client's prefix logic (src/api/basePath.ts) lands this is
 * the root; it must stay the same prefix the API client uses.
 */
export function routerBasepath(): string {
  return '/';
}
