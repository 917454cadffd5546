/** `joinUrl('https://h/api/', '/login')` → `https://h/api/login`: base paths are kept, slashes not doubled. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
