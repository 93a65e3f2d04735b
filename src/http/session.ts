import type { CookieOptions, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { Principal } from '../services/principal';
import type { OpenedSession } from '../services/session.service';

/** The session token: HttpOnly, so page scripts never read it. */
export const SESSION_COOKIE = 'preflight_session';
/** The CSRF token: readable by the console, which echoes it in CSRF_HEADER (double submit). */
export const CSRF_COOKIE = 'preflight_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionToken(req: Request): string | undefined {
  const header = req.get('cookie');
  return header ? parseCookies(header)[SESSION_COOKIE] || undefined : undefined;
}

/**
 * The caller of a management request: the Authorization bearer when one is sent (API clients),
 * otherwise the console session cookie. A session authorizes a state-changing request only with
 * its CSRF token in X-CSRF-Token; SameSite=Strict already keeps the cookie off cross-site requests.
 */
export function bearerOrSession(req: Request, services: Services): Promise<Principal> {
  const token = req.get('authorization') === undefined ? sessionToken(req) : undefined;
  if (!token) return services.auth.fromBearer(req.get('authorization'));
  if (SAFE_METHODS.has(req.method)) return services.sessions.principal(token);
  const csrf = req.get(CSRF_HEADER);
  if (!csrf) return Promise.reject(new DomainError('forbidden', 'Missing X-CSRF-Token header'));
  return services.sessions.principal(token, csrf);
}

function cookieOptions(req: Request, expires: Date, httpOnly: boolean): CookieOptions {
  // Secure whenever the console is reached over HTTPS (directly or behind a proxy setting X-Forwarded-Proto).
  const secure = req.secure || req.get('x-forwarded-proto') === 'https';
  return { httpOnly, secure, sameSite: 'strict', path: '/', expires };
}

export function setSessionCookies(req: Request, res: Response, opened: OpenedSession): void {
  res.cookie(SESSION_COOKIE, opened.token, cookieOptions(req, opened.expiresAt, true));
  res.cookie(CSRF_COOKIE, opened.csrfToken, cookieOptions(req, opened.expiresAt, false));
}

export function clearSessionCookies(req: Request, res: Response): void {
  const past = new Date(0);
  res.clearCookie(SESSION_COOKIE, { ...cookieOptions(req, past, true), expires: undefined });
  res.clearCookie(CSRF_COOKIE, { ...cookieOptions(req, past, false), expires: undefined });
}
