/**
 * The public face of the shared protocol library: wire types, events, result codes, decoders,
 * validation, signing and AES helpers. Used by the console (`src/`, `machines/`) and the server.
 * No I/O, React, XState or ky anywhere under `protocol/`.
 */
export * from './wire';
export * from './events';
export * from './cmdids';
export * from './usrStats';
export * from './errors';
export * from './codes';
export * from './validation';
export * from './fieldValidation';
export * from './validationCodes';
export * from './decode';
export * from './signing';
export * from './aes';
export * from './titles';
export * from './bytes';
