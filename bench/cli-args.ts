import { InvalidArgumentError } from 'commander';

/** A commander option parser for a whole number of at least `min` (counts, seconds, seeds). */
export const wholeAtLeast = (min: number) => (raw: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`an integer ≥ ${min}`);
  return n;
};

/** A commander option parser for a finite number of at least `min` (a delay in seconds). */
export const numberAtLeast = (min: number) => (raw: string): number => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new InvalidArgumentError(`a number ≥ ${min}`);
  return n;
};
