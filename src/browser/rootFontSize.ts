/** The page's root font size is the window width divided by 110 (spec §9), so rem-based sizes scale. */
export const ROOT_FONT_DIVISOR = 110;

export function rootFontSizePx(windowWidth: number): number {
  return windowWidth / ROOT_FONT_DIVISOR;
}

/** Applies the root font size now and on every resize; returns the disposer. */
export function installRootFontSize(win: Window = window): () => void {
  const apply = () => {
    win.document.documentElement.style.fontSize = `${rootFontSizePx(win.innerWidth)}px`;
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}
