/**
 * The shapes a translation must match. English is the reference: a language file has exactly its
 * keys. Polish counts with four plural forms (one, few, many, other: Intl.PluralRules('pl')), so
 * next to every English `x_one`/`x_other` pair a Polish file also has `x_few` and `x_many`.
 */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

type ExtraPolishPlurals<T> = { [K in keyof T as K extends `${infer Base}_one` ? `${Base}_few` | `${Base}_many` : never]: string };

export type PolishShape<T> = { [K in keyof T]: T[K] extends string ? string : PolishShape<T[K]> } & ExtraPolishPlurals<T>;
