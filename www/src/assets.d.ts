// The build's own module (tools/build-board.mjs): the element's stylesheet and the page's fonts.
declare module 'zilo:assets' {
  /** board.css and board-hex.css, for the element's shadow root. */
  export const CSS: string;
  /** The subset fonts, each as base64 woff2 with its family, weight and unicode range. */
  export const FONTS: { family: string; weight: number; range: string; data: string }[];
}
