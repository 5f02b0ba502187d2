/** A clean theme with a font stack that draws Vietnamese diacritics well on Windows, macOS, Linux and phones; no web fonts. */
import { createTheme } from '@mantine/core';

const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Be Vietnam Pro", "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: { light: 7, dark: 6 },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
