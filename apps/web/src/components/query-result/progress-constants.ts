/** The progress panel is at most 400 px tall and scrolls. */
export const PROGRESS_PANEL_MAX_HEIGHT_PX = 400;
