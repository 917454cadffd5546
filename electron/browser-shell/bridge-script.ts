import { BRIDGE_SECRET_REFUSED } from './request-guard';

/**
 * The browser shell's stand-in for the Electron preload: a classic script served as /bridge.js and
 * loaded by index.html before the app. It defines `window.acube = { invoke, on }` over fetch and
 * one EventSource. Blobs in a payload travel as binary (`JSON_BYTES_HEADER`).
 *
 * The per-launch secret arrives in the launch URL's fragment (`#s=<hex>`, never sent to any server
 * and never in logs); the script moves it to sessionStorage (this tab only, survives reloads) and
 * removes it from the address bar before the app's router reads the URL. Fetches send it in the
 * `x-ledgerdesk-secret` header; the EventSource, which cannot set headers, in the `s` query parameter.
 * Under Electron the preload has already defined window.acube and this script leaves it alone.
 */
export const SECRET_HEADER = 'x-ledgerdesk-secret';
export const SECRET_QUERY_PARAM = 's';
export const SECRET_FRAGMENT_PARAM = 's';
export const BRIDGE_SCRIPT_PATH = '/bridge.js';
export const INVOKE_PATH_PREFIX = '/bridge/invoke/';
export const EVENTS_PATH = '/bridge/events';
/**
 * A call whose payload holds Blobs (dropped files) goes as `application/octet-stream`: the call's
 * JSON (each Blob replaced by `{"$blob": i, "size": n}`), then the Blobs' bytes one after another.
 * This header gives the JSON's length in bytes. The browser reads the files into the request
 * itself: the page never reads, encodes or copies their bytes.
 */
export const JSON_BYTES_HEADER = 'x-ledgerdesk-json-bytes';
export const BINARY_CONTENT_TYPE = 'application/octet-stream';
/** Set on window (to "secret") when the page was opened without the bridge secret. */
export const BRIDGE_MISSING_REASON_GLOBAL = 'acubeMissingReason';

export const bridgeScript = `(() => {
  'use strict';
  if (window.acube) return;
  const storageKey = 'ledgerdesk.bridgeSecret';
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromUrl = fragment.get(${JSON.stringify(SECRET_FRAGMENT_PARAM)});
  if (fromUrl) {
    try { sessionStorage.setItem(storageKey, fromUrl); } catch {}
    fragment.delete(${JSON.stringify(SECRET_FRAGMENT_PARAM)});
    const rest = fragment.toString();
    history.replaceState(history.state, '', location.pathname + location.search + (rest ? '#' + rest : ''));
  }
  let secret = fromUrl || '';
  if (!secret) { try { secret = sessionStorage.getItem(storageKey) || ''; } catch {} }
  if (!secret) {
    // Opened without the address printed at start: no bridge, and the page says why.
    Object.defineProperty(window, ${JSON.stringify(BRIDGE_MISSING_REASON_GLOBAL)}, { value: 'secret', writable: false, configurable: false });
    return;
  }

  // A tab left open from an earlier start holds that start's secret: forget it and reload, so the
  // page says to open the address printed at start instead of failing every call.
  let forgotten = false;
  const forgetStaleSecret = () => {
    if (forgotten) return;
    forgotten = true;
    try { sessionStorage.removeItem(storageKey); } catch {}
    location.reload();
  };

  const failure = (code, message, status) =>
    ({ ok: false, error: status === undefined ? { code, message } : { code, message, status } });

  // The payload's JSON with each Blob replaced by a placeholder, and the Blobs in order.
  const withoutBlobs = (payload) => {
    const blobs = [];
    const json = JSON.stringify(payload, (key, value) => {
      if (value instanceof Blob) {
        blobs.push(value);
        return { $blob: blobs.length - 1, size: value.size };
      }
      return value;
    });
    return { json, blobs };
  };

  const invoke = async (channel, payload) => {
    if (typeof channel !== 'string' || channel === '') return failure('bad_request', 'The channel must be a non-empty string.');
    let body;
    const headers = { 'content-type': 'application/json', ${JSON.stringify(SECRET_HEADER)}: secret };
    try {
      if (payload === undefined) body = '';
      else {
        const { json, blobs } = withoutBlobs(payload);
        if (blobs.length === 0) body = json;
        else {
          const text = new TextEncoder().encode(json);
          body = new Blob([text, ...blobs]);
          headers['content-type'] = ${JSON.stringify(BINARY_CONTENT_TYPE)};
          headers[${JSON.stringify(JSON_BYTES_HEADER)}] = String(text.length);
        }
      }
    }
    catch (error) { return failure('bad_request', 'The request cannot be sent: ' + (error && error.message)); }
    let response;
    try {
      response = await fetch(${JSON.stringify(INVOKE_PATH_PREFIX)} + encodeURIComponent(channel), {
        method: 'POST',
        headers,
        body,
        cache: 'no-store',
        credentials: 'same-origin',
      });
    } catch {
      return failure('network', 'The Ledgerdesk background process cannot be reached: was it stopped?');
    }
    try {
      const envelope = await response.json();
      if (envelope && typeof envelope === 'object' && typeof envelope.ok === 'boolean') {
        if (!envelope.ok && envelope.error && envelope.error.details && envelope.error.details.reason === ${JSON.stringify(BRIDGE_SECRET_REFUSED)}) forgetStaleSecret();
        return envelope;
      }
    } catch {}
    return failure('bad_response', 'The Ledgerdesk background process answered without a result.', response.status);
  };

  const listeners = new Map();
  const source = new EventSource(${JSON.stringify(EVENTS_PATH)} + '?' + ${JSON.stringify(SECRET_QUERY_PARAM)} + '=' + encodeURIComponent(secret));
  const subscribe = (name) => {
    const set = new Set();
    listeners.set(name, set);
    source.addEventListener(name, (message) => {
      let payload;
      try { payload = JSON.parse(message.data); } catch { return; }
      for (const listener of [...set]) {
        try { listener(payload); } catch (error) { setTimeout(() => { throw error; }); }
      }
    });
    return set;
  };

  const on = (name, listener) => {
    if (typeof name !== 'string' || typeof listener !== 'function') throw new TypeError('acube.on(event, listener)');
    const set = listeners.get(name) || subscribe(name);
    set.add(listener);
    return () => { set.delete(listener); };
  };

  Object.defineProperty(window, 'acube', {
    value: Object.freeze({ invoke, on, carriesBlobs: true }),
    writable: false,
    configurable: false,
    enumerable: true,
  });
})();
`;

const alreadyLoadsBridge = /<script\b[^>]*\bsrc=["'][^"']*bridge\.js["']/i;

/**
 * Adds the bridge script to index.html, unless the page already loads it: before the first script
 * of the page, or at the end of <head>. A classic script there runs before the app's module scripts
 * (those are deferred) and after the page's charset and CSP meta tags.
 */
export const injectBridgeScript = (html: string): string => {
  if (alreadyLoadsBridge.test(html)) return html;
  const tag = `<script src="${BRIDGE_SCRIPT_PATH}"></script>`;
  const anchor = /<script\b|<\/head>/i.exec(html);
  if (anchor !== null) return html.slice(0, anchor.index) + tag + html.slice(anchor.index);
  const head = /<head\b[^>]*>/i.exec(html);
  if (head === null) return tag + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + tag + html.slice(at);
};
