import { allSame, digitsOf, weightedSum } from './checksums';

/**
 * Brazilian individual taxpayer number, CPF (Receita Federal, Instrução Normativa RFB 1548/2015):
 * 11 digits, the last two mod-11 check digits over the first nine (weights 10..2) and ten
 * (weights 11..2); a remainder below 2 gives 0. Eleven equal digits pass the arithmetic and are
 * refused.
 */
export function brCpf(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || allSame(d)) return false;
  const check = (n: number): number => {
    const rem = weightedSum(d.slice(0, n), Array.from({ length: n }, (_, k) => n + 1 - k)) % 11;
    return rem < 2 ? 0 : 11 - rem;
  };
  return check(9) === +d[9] && check(10) === +d[10];
}
