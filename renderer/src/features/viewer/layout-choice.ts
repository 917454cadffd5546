/** The layout the user chose per format (an official stylesheet or the Ledgerdesk layout), remembered on this computer. */
import type { StylesheetId, ViewedDocument } from '../../../../shared/contract';

export type LayoutChoice = StylesheetId | 'own';

const key = (family: string) => `ledgerdesk.viewer.layout.${family}`;

export function rememberedLayout(document: ViewedDocument): LayoutChoice {
  const stored = safeGet(key(document.family));
  if (stored === 'own') return 'own';
  if (stored && (document.stylesheets as string[]).includes(stored)) return stored as StylesheetId;
  return document.stylesheets[0] ?? 'own';
}

export function rememberLayout(document: ViewedDocument, choice: LayoutChoice): void {
  try {
    localStorage.setItem(key(document.family), choice);
  } catch {
    // Storage may be unavailable (private mode): the choice then lasts for this view only.
  }
}

function safeGet(name: string): string | null {
  try {
    return localStorage.getItem(name);
  } catch {
    return null;
  }
}
