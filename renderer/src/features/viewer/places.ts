/**
 * The places of a layout a validation finding can point at (the seller, line 3, the totals…), marked
 * with `data-place` so a click on a finding finds and highlights them. The XPath → place mapping is
 * the one the send dialog uses (features/validation/place.ts).
 */
import { placeOf, type Place } from '../validation/place';

export const placeKey = (place: Place): string => (place.section === 'line' ? `line-${place.lineNumber ?? 1}` : place.section);

export const placeAttributes = (place: Place): { 'data-place': string } => ({ 'data-place': placeKey(place) });

/** The layout element for a rule's XPath: its exact place, else (for a line) the lines' section, else nothing. */
export function findPlace(container: ParentNode, location: string | undefined): HTMLElement | null {
  if (!location) return null;
  const place = placeOf(location);
  const exact = container.querySelector<HTMLElement>(`[data-place="${placeKey(place)}"]`);
  if (exact) return exact;
  if (place.section === 'delivery' || place.section === 'payee') return container.querySelector<HTMLElement>('[data-place="buyer"]');
  return null;
}
