/** Title defaults live in the shared contract; the engine re-exports them for its own modules. */
export { TITLE_TARGETS, defaultTitle, defaultTitles, defaultSubtitlePosition } from '../../protocol/titles';
