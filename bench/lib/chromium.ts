/**
 * Debian's Chromium with the flags of e2e/playwright.config.ts, and without the omnibox popup's WebUI: this
 * headless Chromium (156) builds that page in its own renderer for every new window, i.e. every round's
 * fresh context, costing 1.5–2.5 s of CPU per round on the two cores the page under test needs. A user's
 * browser pays it once per window, not per page load.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
