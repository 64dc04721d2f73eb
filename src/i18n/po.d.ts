// `.po` catalogs are compiled to JS modules by @lingui/vite-plugin at build and test time.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// The login screen's share of a catalog (scripts/build/loginCatalog.ts).
declare module 'virtual:login-catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
