/** The drawings' types live with the shared pane geometry (the layout window draws them too). */
export type { MosaicGroupLike, PaneRect } from '#/components/roleScreen/geometry';
