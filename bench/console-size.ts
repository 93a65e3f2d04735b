import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Gzipped size of the console's initial JavaScript: the entry script and the modules index.html
 * preloads (pages are separate chunks loaded on navigation). Target: at most 300 KB.
 * Run after `npm run build`: node dist/bench/console-size.js
 */
const dir = path.resolve(__dirname, '../../dashboard/dist');
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const f of files) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length;
  total += gz;
  console.log(`${f}: ${(gz / 1024).toFixed(1)} KB gzipped`);
}
console.log(`initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (target <= 300 KB): ${total <= 300 * 1024 ? 'met' : 'NOT met'}`);
