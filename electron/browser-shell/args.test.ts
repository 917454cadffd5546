import { describe, expect, it } from 'vitest';
import { ArgsError, parseBrowserShellArgs } from './args';
import { injectBridgeScript } from './bridge-script';
import { defaultUserDataDir } from './user-data-dir';

describe('browser shell command line', () => {
  it('defaults to a free port, opening the browser, the default user-data folder', () => {
    expect(parseBrowserShellArgs([])).toEqual({ port: 0, open: true, userDataDir: null, help: false });
  });

  it('reads --port, --no-open and --user-data in both spellings', () => {
    expect(parseBrowserShellArgs(['--port', '8080', '--no-open', '--user-data', '/tmp/x'])).toEqual({
      port: 8080,
      open: false,
      userDataDir: '/tmp/x',
      help: false,
    });
    expect(parseBrowserShellArgs(['--port=0', '--user-data=/tmp/y']).userDataDir).toBe('/tmp/y');
  });

  it('explains a bad port or an unknown flag', () => {
    expect(() => parseBrowserShellArgs(['--port', 'http'])).toThrow(new ArgsError('The port must be a number.'));
    expect(() => parseBrowserShellArgs(['--port', '70000'])).toThrow('between 0 and 65535');
    expect(() => parseBrowserShellArgs(['--colour'])).toThrow(ArgsError);
    expect(() => parseBrowserShellArgs(['--user-data', ' '])).toThrow('--user-data needs a folder.');
  });
});

describe('default user-data folder', () => {
  it('follows each OS convention', () => {
    expect(defaultUserDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.config/Ledgerdesk-browser');
    expect(defaultUserDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe('/cfg/Ledgerdesk-browser');
    expect(defaultUserDataDir('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/Ledgerdesk-browser');
    expect(defaultUserDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toContain('Ledgerdesk-browser');
  });
});

describe('bridge script injection', () => {
  it('puts the bridge before the first script, after the meta tags, and never twice', () => {
    const html = '<!doctype html><html><head lang="en"><meta charset="utf-8"><script type="module" src="./app.js"></script></head></html>';
    const injected = injectBridgeScript(html);
    expect(injected).toContain('<meta charset="utf-8"><script src="/bridge.js"></script><script type="module"');
    expect(injectBridgeScript(injected)).toBe(injected);
  });

  it('falls back to the end of <head> when the page has no script there', () => {
    const html = '<html><head><title>t</title></head><body><script type="module" src="./app.js"></script></body></html>';
    expect(injectBridgeScript(html)).toContain('<title>t</title><script src="/bridge.js"></script></head>');
  });
});
