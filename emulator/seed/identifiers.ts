/** Check-digit algorithms of the identifier schemes the Peppol rules verify. */

/** Norwegian organisation number: 9 digits, modulus 11 with weights 3 2 7 6 5 4 3 2. */
export function isValidNorwegianOrgNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === Number(value[8]);
}

/** Computes the mod-11 check digit for 8 digits, or undefined when none exists (remainder 1). */
export function norwegianOrgNumberCheckDigit(firstEight: string): number | undefined {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(firstEight[index]), 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check === 10 ? undefined : check;
}

/**
 * GS1 check digit as the Peppol Schematron computes it (`u:gln`): digits only, the last one a
 * modulus-10 check digit over the others with weights 3 and 1 from the right. The Peppol function
 * does not fix the length, so neither does this.
 */
export function isValidGln(value: string): boolean {
  if (!/^\d{2,}$/.test(value)) return false;
  const body = value.slice(0, -1);
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    sum += Number(body[body.length - 1 - index]) * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(value[value.length - 1]);
}

/** Swedish organisation number: 10 digits with a Luhn check digit. */
export function isValidSwedishOrgNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    let digit = Number(value[index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
