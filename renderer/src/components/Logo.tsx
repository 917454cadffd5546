/** The Ledgerdesk mark: an "L" over ledger lines in a rounded tile (same drawing as assets/icon.svg). */
export function LogoMark({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo-mark">
      <rect width="32" height="32" rx="8" fill="var(--logo-tile, #4338ca)" />
      <path d="M10.5 8.5v15h12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M15.5 13.5h7" stroke="#fff" strokeOpacity=".72" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M15.5 18.5h4.5" stroke="#fff" strokeOpacity=".72" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__word">Ledgerdesk</span>
    </span>
  );
}
