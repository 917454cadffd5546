import type { Preferences } from '../../../shared/contract';

export type Theme = Preferences['theme'];

const darkQuery = '(prefers-color-scheme: dark)';
let unfollowSystem: (() => void) | null = null;

function setResolved(resolved: 'light' | 'dark'): void {
  document.documentElement.dataset.theme = resolved;
  document.documentElement.style.colorScheme = resolved;
}

/** Sets `data-theme` on <html>; "system" follows prefers-color-scheme as it changes. */
export function applyTheme(theme: Theme): void {
  unfollowSystem?.();
  unfollowSystem = null;
  document.documentElement.dataset.themePreference = theme;
  if (theme !== 'system') {
    setResolved(theme);
    return;
  }
  const media = window.matchMedia?.(darkQuery);
  setResolved(media?.matches ? 'dark' : 'light');
  if (!media) return;
  const onChange = (event: MediaQueryListEvent) => setResolved(event.matches ? 'dark' : 'light');
  media.addEventListener('change', onChange);
  unfollowSystem = () => media.removeEventListener('change', onChange);
}
