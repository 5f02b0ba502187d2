/** A clean theme in Be Vietnam Pro (self-hosted, fonts.css), with system faces that draw Vietnamese well behind it. */
import { createTheme } from '@mantine/core';

const FONT_STACK = '"Be Vietnam Pro", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: { light: 7, dark: 6 },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
