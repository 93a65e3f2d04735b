import { Foundation1763784000000 } from './1763784000000-Foundation';

/** Every migration, in order. Add new ones at the end. */
export const migrations = [Foundation1763784000000];
