/**
 * React side of the media port: one source per mounted screen (stopped on unmount, which a
 * logout causes), leases that follow a tile's life, and re-renders when the source changes.
 */
import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import type { MeetingMediaSource } from './mediaSource';
import { simulatedMedia } from './simulatedMedia';
import { participantFeedOf } from './participantFeed';

/**
 * The media source of this screen for the session's participants actor; null until the actor
 * exists. The reference server's build uses the simulated source; a platform build would
 * construct its SDK-backed source here.
 */
export function useMeetingMedia(participants: AnyActorRef | undefined): MeetingMediaSource | null {
  const [media, setMedia] = useState<MeetingMediaSource | null>(null);
  useEffect(() => {
    if (!participants) return;
    const source = simulatedMedia(participantFeedOf(participants));
    setMedia(source);
    return () => {
      source.dispose();
      setMedia(null);
    };
  }, [participants]);
  return media;
}

/** A counter that moves whenever the source reports a change (video on/off, voices, audio state). */
export function useMediaVersion(media: MeetingMediaSource | null): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!media) return;
    const unsubscribe = media.subscribe(() => setVersion((v) => v + 1));
    return () => void unsubscribe();
  }, [media]);
  return version;
}

/**
 * The stream of one participant's camera or content share while `enabled`; null otherwise. The
 * lease is released (and, when it was the last, the track stopped) when disabled or unmounted.
 */
export function useVideoStream(
  media: MeetingMediaSource | null,
  kind: 'participant' | 'content',
  usrId: string | null,
  enabled: boolean,
): MediaStream | null {
  const [stream, setStream] = useState<MediaStream | null>(null);
  useEffect(() => {
    if (!media || !usrId || !enabled) {
      setStream(null);
      return;
    }
    const lease = kind === 'content' ? media.content(usrId) : media.participant(usrId);
    setStream(lease.stream);
    return () => {
      lease.release();
    };
  }, [media, kind, usrId, enabled]);
  return stream;
}
