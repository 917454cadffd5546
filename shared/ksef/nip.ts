/** The Polish tax number (NIP): ten digits, the last a weighted checksum (mod 11) of the first nine. */
const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

export function isNipChecksumValid(nip: string): boolean {
  if (!/^\d{10}$/.test(nip)) return false;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(nip[index]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(nip[9]);
}
