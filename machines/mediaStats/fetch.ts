/**
 * The media-statistics read of one leg through a session's client: the one place its request is
 * made, so the statistics dialog, the signal meter and the layout wall ask it the same way. One
 * function per client (a resumed session has a new client, hence a new function), so a selector
 * that returns it re-renders only when the client changed.
 */
import type { SessionApi } from '../api';
import type { MediaStreamResponse } from '../../protocol/wire';
import type { FetchMediaStats } from './mediaStatsMachine';
import { mediaStreamPath } from './path';

const fetchers = new WeakMap<SessionApi, FetchMediaStats>();

export function mediaStatsFetcherOf(api: SessionApi): FetchMediaStats {
  let fetcher = fetchers.get(api);
  if (!fetcher) {
    fetcher = (epId, signal) => api.raw<MediaStreamResponse>('GET', mediaStreamPath(epId), undefined, signal);
    fetchers.set(api, fetcher);
  }
  return fetcher;
}
