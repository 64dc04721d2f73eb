/**
 * Whether the console may use Podium's own additions beside the evidence's recipes, as the
 * server's answers tell (machines/session/capabilities.ts `selectVocabulary`): `platform` until
 * the first load shows a Podium server.
 */
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { selectVocabulary, type Vocabulary } from '@machines/session/capabilities';
import { useSessionChild } from './useSessionChild';

export function useVocabulary(session: AnyActorRef | null): Vocabulary {
  const longPoll = useSessionChild(session, 'longPoll');
  return useSelector(longPoll, (s) => (s ? selectVocabulary(s) : 'platform')) ?? 'platform';
}
