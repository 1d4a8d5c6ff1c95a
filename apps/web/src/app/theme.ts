import { createTheme, Drawer, Modal } from '@mantine/core';

/**
 * Dialogs' X buttons carry no text; screen readers need a name for them. Not 'Close': several dialogs
 * have a Close button of their own, and one name should mean one button.
 */
const namedCloseButton = { closeButtonProps: { 'aria-label': 'Dismiss' } };

/**
 * Dialogs fade in place instead of sliding down (Mantine's default): a button that moves while it fades in
 * can be pressed at one place and released at another, and then no click happens (a quick user, or a test).
 */
const fadeInPlace = { transitionProps: { transition: 'fade' as const, duration: 150 } };

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  // Keyboard users always see where focus is; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  components: {
    Modal: Modal.extend({ defaultProps: { ...namedCloseButton, ...fadeInPlace } }),
    Drawer: Drawer.extend({ defaultProps: namedCloseButton }),
  },
});
