/**
 * Browser side of the layout-screen messages: the pop-up talks to its opener, the opener to its
 * pop-up, and the whole app listens for its parent's logout. All with exact origins.
 */
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_SOURCE, readLayoutMessage, readPresentationMessage, type LayoutToOpener, type PresentationData } from './layoutMessages';
import { useSessionHolder } from '#/session/SessionContext';
import { trustedOrigins } from './trustedOrigins';

/**
 * For the /layout screen: reports load, resize and close to the opener (or the framing parent)
 * at the console's own origin, and returns the presentation data it sends back.
 */
export function useLayoutScreenLink(): PresentationData | null {
  const [presentation, setPresentation] = useState<PresentationData | null>(null);
  useEffect(() => {
    const peer: Window | null = window.opener ?? (window.parent !== window ? window.parent : null);
    if (!peer) return;
    const allowed = trustedOrigins();
    const targetOrigin = window.location.origin;
    const post = (msg: LayoutToOpener) => {
      try {
        peer.postMessage(msg, targetOrigin);
      } catch {
        // the opener navigated away or closed
      }
    };
    const onMessage = (e: MessageEvent) => {
      if (e.source !== peer) return;
      const data = readPresentationMessage(e, allowed);
      if (data) setPresentation(data);
    };
    const size = () => ({ width: window.innerWidth, height: window.innerHeight });
    const onResize = () => post({ source: MESSAGE_SOURCE, type: 'layout.resize', ...size() });
    const onClose = () => post({ source: MESSAGE_SOURCE, type: 'layout.close' });
    window.addEventListener('message', onMessage);
    window.addEventListener('resize', onResize);
    window.addEventListener('pagehide', onClose);
    post({ source: MESSAGE_SOURCE, type: 'layout.load', ...size() });
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('pagehide', onClose);
    };
  }, []);
  return presentation;
}

export interface LayoutWindowState {
  /** 'closed' until opened; 'opening' until the pop-up reports load */
  status: 'closed' | 'opening' | 'open';
  width?: number;
  height?: number;
}

/**
 * For the control screen: opens the /layout pop-up, hears its load, resize and close (from its
 * own window and a trusted origin only) and sends it the presentation data once it has loaded.
 */
export function useLayoutWindow(
  url: string,
  presentation: PresentationData,
): { state: LayoutWindowState; open: () => void; close: () => void } {
  const popup = useRef<Window | null>(null);
  const holder = useSessionHolder();
  const [state, setState] = useState<LayoutWindowState>({ status: 'closed' });
  const presentationRef = useRef(presentation);
  presentationRef.current = presentation;

  useEffect(() => {
    const allowed = trustedOrigins();
    const onMessage = (e: MessageEvent) => {
      if (!popup.current || e.source !== popup.current) return;
      const msg = readLayoutMessage(e, allowed);
      if (!msg) return;
      if (msg.type === 'layout.close') {
        popup.current = null;
        setState({ status: 'closed' });
        return;
      }
      setState({ status: 'open', width: msg.width, height: msg.height });
      if (msg.type === 'layout.load') send();
    };
    const send = () =>
      popup.current?.postMessage(
        { source: MESSAGE_SOURCE, type: 'presentation', presentation: presentationRef.current },
        window.location.origin,
      );
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The control screen goes away when its console logs out: the monitor wall it opened must not
  // stay on a second screen showing a meeting nobody controls from here any more. (A reload keeps
  // the session and runs no cleanup, so the window stays.)
  useEffect(
    () => () => {
      if (holder.current() === null) popup.current?.close();
    },
    [holder],
  );

  useEffect(() => {
    if (state.status === 'open')
      popup.current?.postMessage({ source: MESSAGE_SOURCE, type: 'presentation', presentation }, window.location.origin);
  }, [presentation.launched, presentation.title, presentation.preview, state.status]); // eslint-disable-line react-hooks/exhaustive-deps -- the fields the window shows: a new but equal object sends nothing

  return {
    state,
    open: () => {
      if (popup.current && !popup.current.closed) {
        popup.current.focus();
        return;
      }
      popup.current = window.open(url, 'podium-layout', 'popup,width=1280,height=760');
      setState({ status: popup.current ? 'opening' : 'closed' });
    },
    close: () => {
      popup.current?.close();
      popup.current = null;
      setState({ status: 'closed' });
    },
  };
}
