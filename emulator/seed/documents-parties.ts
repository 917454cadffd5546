/** The Norwegian companies of the seeded documents, with valid organisation numbers (mod 11). */
import { norwegianOrgNumberCheckDigit } from './identifiers';

export interface SeedParty {
  name: string;
  /** Three letters used in this party's document numbers. */
  code: string;
  orgNumber: string;
  streetName: string;
  cityName: string;
  postalZone: string;
  contactName: string;
  telephone: string;
  email: string;
  /** Norwegian IBAN with correct check digits. */
  iban: string;
}

/** The first valid organisation number at or after an 8-digit base (some bases have no check digit). */
export function orgNumberFrom(base: number): string {
  for (let candidate = base; ; candidate += 1) {
    const firstEight = String(candidate).padStart(8, '0');
    const check = norwegianOrgNumberCheckDigit(firstEight);
    if (check !== undefined) return `${firstEight}${check}`;
  }
}

/** IBAN check digits (ISO 13616, mod 97) for a Norwegian 11-digit account number. */
export function norwegianIban(account: string): string {
  const rearranged = `${account}NO00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `NO${String(98 - remainder).padStart(2, '0')}${account}`;
}

interface PartySeed {
  name: string;
  code: string;
  base: number;
  street: string;
  city: string;
  zone: string;
  contact: string;
}

function party(seed: PartySeed, index: number): SeedParty {
  const orgNumber = orgNumberFrom(seed.base);
  const domain = seed.name.toLowerCase().replace(/ (as|asa|sa)$/u, '').normalize('NFKD').replace(/[^a-z0-9]+/g, '');
  return {
    name: seed.name,
    code: seed.code,
    orgNumber,
    streetName: seed.street,
    cityName: seed.city,
    postalZone: seed.zone,
    contactName: seed.contact,
    telephone: `+47 ${String(22_00_00_00 + index * 1_234_567).slice(0, 8).replace(/(\d{2})(?=\d)/g, '$1 ')}`,
    email: `faktura@${domain}.no`,
    iban: norwegianIban(`${1503 + index * 7}${orgNumber.slice(0, 7)}`.slice(0, 11)),
  };
}

const ownSeed: PartySeed = { name: 'Ledgerdesk Demo AS', code: 'LDG', base: 92_154_330, street: 'Karl Johans gate 12', city: 'Oslo', zone: '0154', contact: 'Ingrid Hansen' };

const counterpartSeeds: PartySeed[] = [
  { name: 'Fjordkraft Handel AS', code: 'FJK', base: 91_487_210, street: 'Folke Bernadottes vei 38', city: 'Bergen', zone: '5147', contact: 'Kari Nordmann' },
  { name: 'Nordlys Elektro AS', code: 'NLE', base: 98_765_430, street: 'Storgata 88', city: 'Tromsø', zone: '9008', contact: 'Ola Berg' },
  { name: 'Bergen Kontorutstyr AS', code: 'BKU', base: 93_120_045, street: 'Bryggen 5', city: 'Bergen', zone: '5003', contact: 'Sigrid Aas' },
  { name: 'Trondheim Bygg og Anlegg AS', code: 'TBA', base: 97_310_220, street: 'Kongens gate 14', city: 'Trondheim', zone: '7011', contact: 'Jon Lie' },
  { name: 'Vestland Sjømat AS', code: 'VSJ', base: 95_004_118, street: 'Strandkaien 2', city: 'Ålesund', zone: '6002', contact: 'Marit Sæther' },
  { name: 'Oslo Kaffebrenneri AS', code: 'OKB', base: 91_766_302, street: 'Markveien 35', city: 'Oslo', zone: '0554', contact: 'Lars Øverland' },
  { name: 'Lofoten Logistikk AS', code: 'LOL', base: 99_230_871, street: 'Havnegata 7', city: 'Svolvær', zone: '8300', contact: 'Anne Hval' },
  { name: 'Stavanger Maskin ASA', code: 'STM', base: 94_611_009, street: 'Løkkeveien 99', city: 'Stavanger', zone: '4008', contact: 'Per Haugland' },
  { name: 'Hardanger Frukt SA', code: 'HFR', base: 96_002_557, street: 'Sjøvegen 21', city: 'Lofthus', zone: '5781', contact: 'Ingeborg Ulvik' },
  { name: 'Kristiansand IT-Service AS', code: 'KIT', base: 92_840_736, street: 'Markens gate 40', city: 'Kristiansand', zone: '4611', contact: 'Erik Moen' },
  { name: 'Bodø Verksted AS', code: 'BVE', base: 98_102_664, street: 'Sjøgata 3', city: 'Bodø', zone: '8006', contact: 'Hilde Johansen' },
  { name: 'Drammen Renhold AS', code: 'DRE', base: 93_557_480, street: 'Bragernes torg 6', city: 'Drammen', zone: '3017', contact: 'Tone Bakke' },
];

/** The company whose inbox the emulator plays: recipient of incoming, sender of outgoing documents. */
export const ownCompany: SeedParty = party(ownSeed, 0);

export const counterparts: readonly SeedParty[] = counterpartSeeds.map((seed, index) => party(seed, index + 1));
