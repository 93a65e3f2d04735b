import type { Services } from '../../services';
import { clearSessionCookies, CSRF_COOKIE, sessionToken, setSessionCookies } from '../../http/session';
import { unauthenticated } from '../../errors';
import type { RouteDef } from '../route';
import { sessionSchema } from '../../services/views';
import { z } from '../../lib/zod-openapi';

/** Console sign-in (README "The console"): a key in, an HttpOnly session cookie out. */
export function sessionRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'post', paths: ['/api/session'], tag: 'Console', auth: 'none', status: 201,
      summary: 'Sign in to the console with the operator key or an organization API key',
      description:
        `Sets an HttpOnly, SameSite=Strict session cookie and a readable ${CSRF_COOKIE} cookie; ` +
        'requests authenticated by the cookie must echo the latter in X-CSRF-Token unless they are GET or HEAD.',
      body: z.object({ api_key: z.string() }),
      response: sessionSchema.extend({ csrf_token: z.string() }),
      handle: async ({ body, req, res }) => {
        const opened = await s.sessions.signIn(body);
        setSessionCookies(req, res, opened);
        return { ...opened.view, csrf_token: opened.csrfToken };
      },
    },
    {
      method: 'get', paths: ['/api/session'], tag: 'Console', auth: 'none', status: 200,
      summary: 'Who is signed in to the console (from the session cookie)', response: sessionSchema,
      handle: async ({ req }) => {
        const token = sessionToken(req);
        if (!token) throw unauthenticated('Not signed in');
        return s.sessions.current(token);
      },
    },
    {
      method: 'delete', paths: ['/api/session'], tag: 'Console', auth: 'none', status: 204,
      summary: 'Sign out: ends the session and clears its cookies',
      handle: async ({ req, res }) => {
        const token = sessionToken(req);
        if (token) await s.sessions.signOut(token);
        clearSessionCookies(req, res);
      },
    },
  ];
}
