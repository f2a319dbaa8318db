/** Debian's chromium package; the browser tests drive it with playwright-core. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
