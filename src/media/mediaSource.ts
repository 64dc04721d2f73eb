/**
 * The console's media port: where the pictures and the sound of a meeting come from.
 *
 * The real platform delivers media through its WebRTC SDK (the vendor's `vcrtc.js`, protocol
 * facts §0.1); the reference server's simulated endpoints carry no media plane. Everything that
 * shows video or plays sound asks this interface for browser `MediaStream`s and never knows
 * which implementation answers:
 * - `simulatedMedia` (this folder) synthesises real streams from the server's live state —
 *   canvas test cards, WebAudio voices — for the reference server;
 * - a platform implementation would join the meeting with the SDK as a receive-only monitor and
 *   hand out the remote tracks it receives per participant and per content share behind the
 *   same methods (not built: docs/protocol.md "Media").
 *
 * Streams are leased: a lease keeps its stream live until released, and the last release of a
 * stream stops its tracks, so hidden tiles cost nothing.
 */

/** A stream that stays live until released. */
export interface StreamLease {
  readonly stream: MediaStream;
  /** stops using the stream; idempotent */
  release(): void;
}

/** The mixed sound of the meeting (what a participant hears). */
export interface MeetingSoundLease extends StreamLease {
  /** the audio engine's state: 'running' plays, 'suspended' generates nothing */
  state(): AudioContextState;
  /**
   * Starts generating. Browsers allow it only during or shortly after a user gesture: call it
   * from the click. Resolves true when the sound runs.
   */
  resume(): Promise<boolean>;
  /** stops generating (saves CPU); the stream stays, silent */
  suspend(): Promise<void>;
  /** usr_ids mixed in right now */
  voices(): readonly string[];
  /** output energy 0–100 */
  level(): number;
}

export interface MeetingMediaSource {
  /** camera video of one participant (and its own audio when `audio`) */
  participant(usrId: string, options?: { audio?: boolean }): StreamLease;
  /** the content a participant shares */
  content(usrId: string): StreamLease;
  /** the meeting sound */
  meetingSound(): MeetingSoundLease;
  /** whether the participant's video currently runs (false: the tile shows it as off) */
  videoOn(usrId: string): boolean;
  /** called when what the source delivers changed (video on/off, voices, audio state) */
  subscribe(listener: () => void): () => void;
  /** stops every stream and the audio engine */
  dispose(): void;
}
