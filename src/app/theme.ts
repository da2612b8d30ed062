import { createTheme, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';

// Read in sunlight on a tablet: dark text on white, a deep primary blue (shade 8), bold headings, and
// controls of at least 44 px so they work with gloves. Sizes are set once here, not per screen.
// Component defaults are plain objects (not Component.extend) so the theme does not pull every component
// into the first chunk.
const large = { defaultProps: { size: 'lg' } };

const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  autoContrast: true,
  luminanceThreshold: 0.4,
  black: '#0b1220',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '800' },
  focusRing: 'always',
  components: {
    Button: large,
    TextInput: large,
    PasswordInput: {
      defaultProps: { size: 'lg' },
      styles: { visibilityToggle: { width: 44, height: 44, minWidth: 44, minHeight: 44 } },
    },
    Textarea: large,
    Select: large,
    MultiSelect: large,
    NumberInput: large,
    // 44 px box: the label toggles it too, but the box itself must take a gloved finger.
    Checkbox: { defaultProps: { size: 'lg' }, vars: () => ({ root: { '--checkbox-size': '44px' } }) },
    ActionIcon: { defaultProps: { size: 'xl' } },
    NavLink: { styles: { root: { minHeight: 48 } } },
    // The spec: a modal is at most 90 % of the window high (5 % margin above and below), and scrolls inside.
    Modal: { defaultProps: { yOffset: '5dvh' } },
    // No focus placeholder in menus: an element with a tabindex among the menu items breaks the menu role.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table wider than the screen scrolls sideways: its viewport takes the focus so keys can scroll it.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * The theme with the names of Mantine's icon-only buttons in the interface language: the clear button of
 * clearable selects and date inputs and the close button of modals and drawers have no text of their own.
 */
export function localizedTheme(labels: { clear: string; close: string }): MantineThemeOverride {
  // The clear cross is as high as its field (44 px, global.css): Mantine paints it with the field's
  // background, which hid the field's border under it (a date field's right edge); transparent, the border
  // shows through, and the field's right section keeps the text from running under it.
  const clear = {
    // The whole style, since Mantine's own (pointer-events: all, inside a right section that lets taps
    // through to the field) is replaced by any style given here: without it a tap on the cross opened the
    // select instead of clearing it.
    defaultProps: {
      clearButtonProps: {
        'aria-label': labels.clear,
        style: { pointerEvents: 'all', background: 'transparent' },
      },
    },
  };
  // 44 px like every other control: Mantine's close buttons are 28 px by default.
  const close = { defaultProps: { closeButtonProps: { 'aria-label': labels.close, size: 44 } } };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Select: clear,
        MultiSelect: clear,
        DateInput: clear,
        Modal: close,
        Drawer: close,
        Notification: close,
      },
    }),
  );
}
