import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, as the end-to-end tests run it; nothing downloaded, nothing phoning home. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs, timeout: 60_000 });
}

/** The viewport the end-to-end tests use: a laptop screen. */
export const benchViewport = { width: 1280, height: 800 } as const;
