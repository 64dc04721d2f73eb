/**
 * Commands wait while the change feed is lost (issue 13 §4): every control inside is disabled at
 * once (a disabled fieldset, so no control needs to know), described by the connection bar's
 * reason, and the content is dimmed and marked busy as a stale view.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import { useFeedLost } from '#/session/useFeedView';

/** id of the element that says why commands wait (the connection bar's text) */
export const COMMANDS_PAUSED_ID = 'commands-paused-reason';

const style: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };
const note: CSSProperties = {
  margin: '4px 8px',
  fontSize: 'var(--mantine-font-size-xs)',
  fontWeight: 600,
  color: 'var(--mantine-color-red-9)',
};

export function CommandsPause({
  paused,
  reason,
  children,
}: {
  /** the feed is lost: disable and dim */
  paused: boolean;
  /** why, as a tooltip on the paused controls */
  reason?: string;
  /** the controls */
  children: ReactNode;
}) {
  return (
    <>
      {paused && reason && (
        // said where the controls are, and focusable: a scrolling region whose controls are all
        // disabled must still be reachable by keyboard (axe scrollable-region-focusable)
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: keyboard reach of a region with only disabled controls
        <p tabIndex={0} data-testid="commands-paused" style={note}>
          {reason}
        </p>
      )}
      <fieldset
        disabled={paused}
        data-paused={paused}
        aria-busy={paused || undefined}
        aria-describedby={paused ? COMMANDS_PAUSED_ID : undefined}
        title={paused ? reason : undefined}
        style={paused ? { ...style, opacity: 0.55, filter: 'grayscale(0.6)' } : style}
      >
        {children}
      </fieldset>
    </>
  );
}

/** {@link CommandsPause} driven by the session's change feed: paused while the feed is lost. */
export function PausedWhileFeedLost({
  session,
  children,
}: {
  /** the root session actor */
  session: AnyActorRef;
  /** the controls */
  children: ReactNode;
}) {
  const { t } = useLingui();
  const lost = useFeedLost(session);
  return (
    <CommandsPause paused={lost} reason={t`Commands wait until the connection is back`}>
      {children}
    </CommandsPause>
  );
}
