/**
 * A clean theme in Be Vietnam Pro (self-hosted, fonts.css), with system faces that draw Vietnamese
 * well behind it. Colours meet WCAG AA (4.5:1 for normal text) on the light working screens.
 */
import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { appText } from '../src/messages/app';

const FONT_STACK = '"Be Vietnam Pro", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

/**
 * Mantine's palettes with shades 6–9 darkened (each channel scaled towards black, so the hue stays):
 * in light mode shade 7 is every filled button and badge (white text) and outline text, 6 the
 * error text and explicit subtle shades, 9 the text of light variants on shade 1–2. Contrast
 * against white, in order 6/7/8/9: at least 4.7, 5.2, 6.2 and 7.4 to 1; shade 9 on shade 2 at
 * least 4.5 to 1. Shades 0–5 (backgrounds, borders) are Mantine's own.
 */
function darker(name: string, dark: [string, string, string, string]): MantineColorsTuple {
  const base = DEFAULT_THEME.colors[name] ?? DEFAULT_THEME.colors.gray;
  return [...base.slice(0, 6), ...dark] as unknown as MantineColorsTuple;
}

const colors = {
  red: darker('red', ['#cc4343', '#c93434', '#b82828', '#a42222']),
  pink: darker('pink', ['#c94070', '#c72f64', '#b62356', '#a31d4c']),
  grape: darker('grape', ['#ad44c8', '#a63bc0', '#9534ad', '#842d9a']),
  indigo: darker('indigo', ['#4868e8', '#4060e5', '#3756ce', '#334aba']),
  blue: darker('blue', ['#1d76c4', '#196ebb', '#1662a9', '#155795']),
  cyan: darker('cyan', ['#107f8f', '#0d7788', '#0a6a7a', '#095e6d']),
  teal: darker('teal', ['#0d8360', '#097b59', '#076e4f', '#066146']),
  green: darker('green', ['#2c833c', '#267c36', '#216f30', '#1e612c']),
  lime: darker('lime', ['#538013', '#4c780e', '#426c0a', '#3b5f08']),
  yellow: darker('yellow', ['#986b03', '#966100', '#8d5200', '#844500']),
  orange: darker('orange', ['#b65a0e', '#b64c05', '#a74009', '#99330b']),
};

export const theme = createTheme({
  colors,
  primaryColor: 'red',
  primaryShade: { light: 7, dark: 6 },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Icon-only controls get a name everywhere: every dialog's close button (the confirm dialogs of
    // @mantine/modals too) and the pagination's arrows.
    // Plain objects rather than Modal.extend/Pagination.extend: the theme must not pull those
    // components into every screen's first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': appText.closeDialog } } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof appText.pagination) => ({ 'aria-label': appText.pagination[control] }),
      },
    },
  },
});

/**
 * Dimmed text (hints, secondary lines) is Mantine's gray 6 (#868e96, 3.3:1 on white); here #5c636a:
 * 6.1:1 on white, 5.5:1 on the frame's gray 1, 5.0:1 on red 1 (the active navigation link).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
