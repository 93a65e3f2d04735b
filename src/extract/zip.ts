import { unzipSync } from 'fflate';
import { DomainError } from '../errors';
import { type ParseLimits, tooComplex, unreadable } from './limits';

const RATIO_CHECK_FROM = 1024 * 1024;

/**
 * Inflates the entries of a zip container that `wanted` selects, refusing before any inflation
 * when the directory holds too many entries, declares too many bytes or an extreme ratio (a zip
 * bomb). A directory that lies about sizes is still bounded: fflate inflates into a buffer of the
 * declared size, and the worker thread runs with a heap limit and a time budget.
 */
export function readZip(buf: Uint8Array, label: string, limits: ParseLimits, wanted: (name: string) => boolean): Map<string, string> {
  let entries = 0;
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf, {
      filter(file) {
        if (++entries > limits.maxZipEntries) throw tooComplex(`more than ${limits.maxZipEntries} zip entries`);
        if (!wanted(file.name)) return false;
        declared += file.originalSize;
        if (declared > limits.maxUnzippedBytes) throw tooComplex(`more than ${limits.maxUnzippedBytes} bytes once decompressed`);
        if (file.originalSize > RATIO_CHECK_FROM && file.originalSize > file.size * limits.maxZipRatio) {
          throw tooComplex(`a zip entry decompresses more than ${limits.maxZipRatio} times its size`);
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw unreadable(label);
  }
  const out = new Map<string, string>();
  const decoder = new TextDecoder('utf-8');
  for (const [name, data] of Object.entries(files)) out.set(name, decoder.decode(data));
  return out;
}
