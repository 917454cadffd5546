/** The two seeded merchants, their extra PEMs (without a cash register) and what they sell. */
import type { VatCode } from '../../../shared/validation/vat';
import type { Address, Merchant, PemStatus } from '../state';

export type SeedMerchant = Omit<Merchant, 'uuid'>;

export const seedMerchants: readonly [SeedMerchant, SeedMerchant] = [
  {
    vat_number: '02846390157',
    fiscal_code: '02846390157',
    email: 'amministrazione@bottegarossi.example',
    business_name: 'Bottega Rossi S.r.l.',
    first_name: null,
    last_name: null,
    address: { street_address: 'Via Giuseppe Garibaldi', street_number: '12', zip_code: '20121', city: 'Milano', province: 'MI' },
    ateco_codes: ['471120', '472400'],
  },
  {
    vat_number: '03917580379',
    fiscal_code: 'BNCLCU78M21A944K',
    email: 'luca.bianchi@barcentrale.example',
    business_name: null,
    first_name: 'Luca',
    last_name: 'Bianchi',
    address: { street_address: 'Piazza Maggiore', street_number: '3', zip_code: '40124', city: 'Bologna', province: 'BO' },
    ateco_codes: ['563000', '561011'],
  },
];

export const pemAddresses: Readonly<Record<string, Address>> = {
  'E001-000001': { street_address: 'Via Giuseppe Garibaldi', street_number: '12', zip_code: '20121', city: 'Milano', province: 'MI' },
  'E001-000002': { street_address: 'Corso Buenos Aires', street_number: '45', zip_code: '20124', city: 'Milano', province: 'MI' },
  'E001-000003': { street_address: 'Viale Monza', street_number: '210', zip_code: '20126', city: 'Milano', province: 'MI' },
  'E002-000001': { street_address: 'Piazza Maggiore', street_number: '3', zip_code: '40124', city: 'Bologna', province: 'BO' },
  'E002-000002': { street_address: 'Via dell\'Indipendenza', street_number: '28', zip_code: '40121', city: 'Bologna', province: 'BO' },
};

/** Status of each seeded PEM: the one of the first client certificate is ONLINE. */
export const pemStatusesBySerial: Readonly<Record<string, PemStatus>> = {
  'E001-000001': 'ONLINE',
  'E001-000002': 'OFFLINE',
  'E001-000003': 'DISCARDED',
  'E002-000001': 'ONLINE',
  'E002-000002': 'ACTIVATED',
};

/** PEMs without a cash-register certificate, to show the other states. */
export const extraPems: readonly { serialNumber: string; merchantIndex: 0 | 1 }[] = [
  { serialNumber: 'E001-000003', merchantIndex: 0 },
  { serialNumber: 'E002-000002', merchantIndex: 1 },
];

export interface SeedProduct {
  description: string;
  unit_price: string;
  vat_rate_code: VatCode;
  type: 'goods' | 'service';
  ateco_code?: string;
}

export const productsByMerchant: readonly [readonly SeedProduct[], readonly SeedProduct[]] = [
  [
    { description: 'Pane casereccio 1 kg', unit_price: '3.20', vat_rate_code: '4.00', type: 'goods', ateco_code: '472400' },
    { description: 'Latte intero fresco 1 l', unit_price: '1.49', vat_rate_code: '4.00', type: 'goods' },
    { description: 'Parmigiano Reggiano 24 mesi 300 g', unit_price: '7.90', vat_rate_code: '4.00', type: 'goods' },
    { description: 'Pasta di semola di grano duro 500 g', unit_price: '1.10', vat_rate_code: '4.00', type: 'goods' },
    { description: 'Olio extravergine di oliva 1 l', unit_price: '9.80', vat_rate_code: '4.00', type: 'goods' },
    { description: 'Biscotti frollini 350 g', unit_price: '2.30', vat_rate_code: '10.00', type: 'goods' },
    { description: 'Miele di acacia 500 g', unit_price: '6.40', vat_rate_code: '10.00', type: 'goods' },
    { description: 'Uova fresche (6)', unit_price: '2.65', vat_rate_code: '10.00', type: 'goods' },
    { description: 'Acqua minerale 6 × 1,5 l', unit_price: '2.40', vat_rate_code: '22.00', type: 'goods' },
    { description: 'Vino rosso Barbera DOC 0,75 l', unit_price: '8.50', vat_rate_code: '22.00', type: 'goods' },
    { description: 'Caffè macinato 250 g', unit_price: '3.90', vat_rate_code: '22.00', type: 'goods' },
    { description: 'Sacchetto compostabile', unit_price: '0.10', vat_rate_code: '22.00', type: 'goods' },
    { description: 'Ricarica telefonica', unit_price: '10.00', vat_rate_code: 'N2', type: 'service' },
  ],
  [
    { description: 'Caffè espresso', unit_price: '1.20', vat_rate_code: '10.00', type: 'goods', ateco_code: '563000' },
    { description: 'Cappuccino', unit_price: '1.60', vat_rate_code: '10.00', type: 'goods', ateco_code: '563000' },
    { description: 'Cornetto alla crema', unit_price: '1.40', vat_rate_code: '10.00', type: 'goods' },
    { description: "Spremuta d'arancia", unit_price: '3.50', vat_rate_code: '10.00', type: 'goods' },
    { description: 'Tramezzino tonno e pomodoro', unit_price: '3.00', vat_rate_code: '10.00', type: 'goods' },
    { description: 'Acqua naturale 0,5 l', unit_price: '1.00', vat_rate_code: '10.00', type: 'goods' },
    { description: 'Birra media alla spina', unit_price: '5.00', vat_rate_code: '10.00', type: 'goods' },
    { description: 'Pranzo di lavoro', unit_price: '12.00', vat_rate_code: '10.00', type: 'service', ateco_code: '561011' },
    { description: 'Caramelle balsamiche', unit_price: '1.50', vat_rate_code: '22.00', type: 'goods' },
    { description: 'Quotidiano', unit_price: '1.80', vat_rate_code: 'N2', type: 'goods' },
  ],
];
