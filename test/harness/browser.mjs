// Drives the workbench in Debian's Chromium through playwright-core (no browser download).
import { chromium } from 'playwright-core';
import { CHROMIUM } from './provision.mjs';

// Flags that work as root in containers; background services would only fail offline.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export async function launchBrowser({ headless = true } = {}) {
  // Signals are handled by the caller, which must also stop code-server in the same breath.
  return chromium.launch({ executablePath: CHROMIUM, headless, args: FLAGS,
    handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
}

/**
 * The workbench URL. `payload` is honoured because code-server runs with
 * enable-smoke-test-driver, as in VS Code's own browser integration tests.
 * @param {number} port @param {string} folder
 * @param {{ extensionDevelopmentPath?: string, extensionTestsPath?: string, web?: boolean }} [dev]
 */
export function workbenchUrl(port, folder, dev = {}) {
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [['skipWelcome', 'true']];
  if (dev.extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(dev.extensionDevelopmentPath)]);
  if (dev.extensionTestsPath) payload.push(['extensionTestsPath', remote(dev.extensionTestsPath)]);
  if (dev.web) payload.push(['extensionDevelopmentKind', 'web']);
  return `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
