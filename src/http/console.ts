import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** Paths the console's SPA fallback never answers: the API and operator surfaces keep their own 404s. */
const SERVICE_PREFIXES = ['/api', '/v1', '/graphql', '/docs', '/openapi.json', '/healthz', '/readyz', '/metrics', '/admin', '/.well-known'];

/** The console's build (`npm run build` writes it), found from both dist/src/http and src/http. */
export function consoleDir(): string | undefined {
  return [path.resolve(__dirname, '../../../dashboard/dist'), path.resolve(__dirname, '../../dashboard/dist')].find((d) =>
    fs.existsSync(path.join(d, 'index.html')),
  );
}

const CSP = [
  "default-src 'self'",
  // Mantine writes its theme variables in a <style> element.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves the console at `/`: hashed assets with a long cache, and index.html for any other GET a
 * browser navigates to (client-side routes), except the service's own paths.
 */
export function mountConsole(app: Express): void {
  const dir = consoleDir();
  const reserved = (p: string) => SERVICE_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
  if (!dir) {
    app.get('/', (_req, res) => void res.status(404).type('text/plain').send('The console is not built: run `npm run build`.\n'));
    return;
  }
  app.use('/assets', express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false }));
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  const index = path.join(dir, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Only page navigations (a browser asks for text/html by name); API clients keep their JSON 404s.
    const navigation = (req.method === 'GET' || req.method === 'HEAD') && (req.get('accept') ?? '').includes('text/html');
    if (!navigation || reserved(req.path) || req.path.startsWith('/assets/')) return next();
    res.set({ 'Content-Security-Policy': CSP, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    res.sendFile(index);
  });
}
