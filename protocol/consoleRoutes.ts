/**
 * The console's own pages. The console strips them from its pathname to find the frame base
 * path (src/api/basePath.ts); the reference server answers each with index.html
 * (server/http/static.ts). One list, so a new page is added once.
 */
export const CONSOLE_ROUTES = ['/login', '/control', '/layout', '/report'] as const;
