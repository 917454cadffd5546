/**
 * The KSeF invoice formats, how a file shows which one it is, and where each is accepted.
 * Facts: CIRFMF/ksef-docs @ d92d285b `srodowiska.md` (16.03.2026): since 2026-02-01 KSeF's production
 * (PRD) and DEMO systems take FA (3), FA_PEF (3) and FA_KOR_PEF (3); FA (2) only the TEST system.
 * The date is kept here, where the pre-checks (shared by core, emulator and engine) read it; the rule-set
 * calendar (standards/engine/calendar.ts) takes its FA (3) release's start from it.
 */
export type KsefFormat = 'FA (2)' | 'FA (3)' | 'FA_RR (1)' | 'FA_PEF (3)' | 'FA_KOR_PEF (3)';

/** The day from which KSeF's production system refuses FA (2). */
export const FA2_PRODUCTION_END_DAY = '2026-02-01';

export const FA_NAMESPACES: Record<string, KsefFormat> = {
  'http://crd.gov.pl/wzor/2023/06/29/12648/': 'FA (2)',
  'http://crd.gov.pl/wzor/2025/06/25/13775/': 'FA (3)',
  'http://crd.gov.pl/wzor/2026/03/06/14189/': 'FA_RR (1)',
};

const UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

/** The CustomizationID mark of the Polish Peppol formats. */
export const PEF_MARK = 'urn:fdc:www.efaktura.gov.pl';

/**
 * The KSeF format of a root element. A UBL Invoice/CreditNote is FA_PEF (3)/FA_KOR_PEF (3) when it
 * carries the Polish mark, or when it is being sent to KSeF (`toKsef`).
 */
export function ksefFormatOf(namespace: string, localName: string, customizationId: string, toKsef: boolean): KsefFormat | undefined {
  if (localName === 'Faktura') return FA_NAMESPACES[namespace];
  const pef = toKsef || customizationId.includes(PEF_MARK);
  if (pef && namespace === UBL_INVOICE && localName === 'Invoice') return 'FA_PEF (3)';
  if (pef && namespace === UBL_CREDIT_NOTE && localName === 'CreditNote') return 'FA_KOR_PEF (3)';
  return undefined;
}

/** The app's service environments and the KSeF system each stands for. */
export type ServiceEnvironment = 'sandbox' | 'production';
