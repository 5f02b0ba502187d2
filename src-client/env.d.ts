/** The app's face with `font-display: optional` (vite.config.ts, optionalFontDisplay). */
declare module '*.css?optional' {}
