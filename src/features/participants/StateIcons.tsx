/**
 * The marks of the audio, listening and watching cells (issue 13 §7): a microphone, a speaker and
 * an eye, crossed out when off. Plain SVG in the text's colour, hidden from assistive technology
 * (the button's name says the state).
 */
const SIZE = 14;

function Icon({ off, children }: { off: boolean; children: React.ReactNode }) {
  return (
    <svg width={SIZE} height={SIZE} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" data-off={off}>
      {children}
      {off && <path d="M2 2l12 12" strokeWidth={2} />}
    </svg>
  );
}

/** A microphone; crossed out when muted. */
export function MicIcon({ off }: { off: boolean }) {
  return (
    <Icon off={off}>
      <rect x="5.5" y="1.5" width="5" height="8" rx="2.5" />
      <path d="M3 7.5a5 5 0 0 0 10 0M8 12.5v2M5.5 14.5h5" />
    </Icon>
  );
}

/** A speaker with sound waves; crossed out when the participant may not listen. */
export function SpeakerIcon({ off }: { off: boolean }) {
  return (
    <Icon off={off}>
      <path d="M2 6h2.5L8 3v10L4.5 10H2z" />
      {!off && <path d="M10.5 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6.5 6.5 0 0 1 0 9" />}
    </Icon>
  );
}

/** An eye; crossed out when the participant may not watch. */
export function EyeIcon({ off }: { off: boolean }) {
  return (
    <Icon off={off}>
      <path d="M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5z" />
      <circle cx="8" cy="8" r="2" />
    </Icon>
  );
}
