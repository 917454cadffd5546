/** Descriptions of the ATECO activity codes the emulator knows (ISTAT ATECO classification, 6 digits). */
export const atecoDescriptions: Readonly<Record<string, string>> = {
  '471110': 'Ipermercati',
  '471120': 'Supermercati',
  '471130': 'Discount di alimentari',
  '471140': 'Minimercati ed altri esercizi non specializzati di alimentari vari',
  '472100': 'Commercio al dettaglio di frutta e verdura',
  '472200': 'Commercio al dettaglio di carni e di prodotti a base di carne',
  '472400': 'Commercio al dettaglio di pane, torte, dolciumi e confetteria',
  '472500': 'Commercio al dettaglio di bevande',
  '476100': 'Commercio al dettaglio di libri nuovi',
  '476210': 'Commercio al dettaglio di giornali, riviste e periodici',
  '477310': 'Farmacie',
  '551000': 'Alberghi',
  '561011': 'Ristorazione con somministrazione',
  '561020': 'Ristorazione senza somministrazione con preparazione di cibi da asporto',
  '563000': 'Bar e altri esercizi simili senza cucina',
  '960201': 'Servizi dei saloni di barbiere e parrucchiere',
};

/** The code with its description (null when the emulator's catalogue does not know it). */
export function atecoEntry(code: string): { code: string; description: string | null } {
  return { code, description: atecoDescriptions[code] ?? null };
}
