import { Foundation1763784000000 } from './1763784000000-Foundation';
import { Forwarding1763785000000 } from './1763785000000-Forwarding';
import { AuditIndexes1763786000000 } from './1763786000000-AuditIndexes';
import { DropRedundantIndex1763787000000 } from './1763787000000-DropRedundantIndex';
import { CacheGeneration1763788000000 } from './1763788000000-CacheGeneration';
import { ConsoleSessions1763789000000 } from './1763789000000-ConsoleSessions';
import { AuditSearch1763790000000 } from './1763790000000-AuditSearch';
import { AuditSearchChunks1763791000000 } from './1763791000000-AuditSearchChunks';

/** Every migration, in order. Add new ones at the end. */
export const migrations = [Foundation1763784000000, Forwarding1763785000000, AuditIndexes1763786000000, DropRedundantIndex1763787000000, CacheGeneration1763788000000, ConsoleSessions1763789000000, AuditSearch1763790000000, AuditSearchChunks1763791000000];
