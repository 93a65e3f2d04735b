import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import { z } from '../lib/zod-openapi';
import type { Principal } from '../services/principal';
import type { Services } from '../services';
import type { AdmittedCheck } from '../services/preflight/preflight.service';
import { errorSchema } from './schemas';
import { bearerOrSession } from '../http/session';
import { sendJson } from '../http/errors';
import type { NodeMiddleware } from '../http/transport';

/** How a route authenticates: bearer (operator/org/license key), policy key, either, or none. */
export type AuthMode = 'bearer' | 'service-key' | 'bearer-or-service-key' | 'none';

export interface HandlerInput {
  principal: Principal;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  req: Request;
  res: Response;
}

/**
 * A check's request as its route sees it: Node's own request (check routes are dispatched
 * without Express, src/http/app.ts), with the body (and file) their middleware parsed.
 */
export type CheckRequest = IncomingMessage & { body?: unknown; file?: Express.Multer.File };

/** What a check route's handler gets: the check admitted before its body was read. */
export interface CheckHandlerInput {
  principal: Principal;
  admitted: AdmittedCheck;
  body: unknown;
  req: CheckRequest;
  res: ServerResponse;
}

interface RouteBase {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI-style paths (`/api/orgs/{org}`); several when /api and /v1 serve the same operation. */
  paths: string[];
  summary: string;
  description?: string;
  tag: string;
  auth: AuthMode;
  body?: ZodType;
  /** A multipart/form-data body (documented; parsed by `middleware`). */
  multipartBody?: ZodType;
  query?: z.ZodObject;
  /** Success status; 204 sends no body. */
  status: 200 | 201 | 204;
  response?: ZodType;
  /** Custom OpenAPI responses for routes that do not answer JSON. */
  rawResponse?: RouteConfig['responses'][string];
}

export interface PlainRouteDef extends RouteBase {
  admitFirst?: false;
  /** Express middleware (body parsing), before authentication. */
  middleware?: RequestHandler[];
  /** Set when the handler writes the response itself (files, HTML). */
  raw?: boolean;
  handle(input: HandlerInput): Promise<unknown>;
}

/**
 * A preflight check: credential, license, rate limits and allowance are checked before the body
 * is read (the route parses its own body in `middleware`, after admission; the shared JSON parser
 * skips it). Served by Node's request and response alone, on the server's direct dispatch.
 */
export interface CheckRouteDef extends RouteBase {
  admitFirst: true;
  method: 'post';
  auth: 'service-key';
  middleware: NodeMiddleware[];
  handle(input: CheckHandlerInput): Promise<unknown>;
}

export type RouteDef = PlainRouteDef | CheckRouteDef;

/** A check route as the server's direct dispatch runs it: errors go to `next`. */
export type DirectHandler = (req: IncomingMessage, res: ServerResponse, next: (err: unknown) => void) => void;

/** Check routes by `METHOD /path` (Express path syntax), for the server's direct dispatch. */
export type DirectRoutes = Map<string, { pattern: string; handle: DirectHandler }>;

const AUTH_DOCS: Record<Exclude<AuthMode, 'none'>, Array<Record<string, string[]>>> = {
  bearer: [{ bearerAuth: [] }],
  'service-key': [{ serviceKey: [] }],
  'bearer-or-service-key': [{ bearerAuth: [] }, { serviceKey: [] }],
};

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Malformed request',
  '401': 'Missing or invalid credential',
  '403': 'Credential outside its reach',
  '404': 'Not found',
  '413': 'Body or file larger than PREFLIGHT_MAX_BODY_BYTES',
  '415': 'Unsupported content or file type',
  '422': 'Validation error',
  '429': 'Rate limited or monthly allowance used',
};

async function principalFor(mode: AuthMode, req: Request, services: Services): Promise<Principal | undefined> {
  switch (mode) {
    case 'none':
      return undefined;
    case 'bearer':
      return bearerOrSession(req, services);
    case 'service-key':
      return services.auth.fromServiceKey(req.get('x-service-api-key'));
    case 'bearer-or-service-key':
      return req.get('x-service-api-key') !== undefined
        ? services.auth.fromServiceKey(req.get('x-service-api-key'))
        : bearerOrSession(req, services);
  }
}

/** Runs connect-style middleware (body parsers) on Node's request; rejects with what it passes on. */
function run(middleware: NodeMiddleware, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => middleware(req, res, (err?: unknown) => (err === undefined ? resolve() : reject(err))));
}

/** A check route on Node's request and response: admission, then the body, then the handler. */
function checkHandler(def: CheckRouteDef, services: Services): DirectHandler {
  const middleware = def.middleware;
  const handle = async (req: CheckRequest, res: ServerResponse) => {
    const header = req.headers['x-service-api-key'];
    const principal = await services.auth.fromServiceKey(Array.isArray(header) ? header[0] : header);
    const admitted = await services.preflight.admit(principal);
    // A check that never reaches its record (bad body, too large, client gone) gives its admission back.
    res.once('close', () => void services.preflight.release(admitted).catch(() => undefined));
    for (const m of middleware) await run(m, req, res);
    const result = await def.handle({ admitted, principal, body: req.body, req, res });
    sendJson(res, def.status, result);
  };
  return (req, res, next) => void handle(req, res).catch(next);
}

/**
 * Registers one operation on the router and in the OpenAPI description: the one way routes are
 * made. A check route is also put in `direct` under its exact paths (see DirectRoutes).
 */
export function mount(router: Router, registry: OpenAPIRegistry, services: Services, def: RouteDef, direct?: DirectRoutes): void {
  for (const path of def.paths) {
    const expressPath = path.replace(/\{(\w+)\}/g, ':$1');
    if (def.admitFirst) {
      const handle = checkHandler(def, services);
      router[def.method](expressPath, (req, res, next) => handle(req, res, next));
      direct?.set(`${def.method.toUpperCase()} ${expressPath}`, { pattern: expressPath, handle });
    } else {
      router[def.method](expressPath, ...(def.middleware ?? []), async (req: Request, res: Response) => {
        const principal = await principalFor(def.auth, req, services);
        const result = await def.handle({
          principal: principal as Principal,
          params: req.params as Record<string, string>,
          query: req.query as Record<string, unknown>,
          body: req.body,
          req,
          res,
        });
        if (def.raw) return;
        if (def.status === 204) res.status(204).end();
        else res.status(def.status).json(result);
      });
    }
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const responses: RouteConfig['responses'] = {};
    if (def.rawResponse) responses[String(def.status)] = def.rawResponse;
    else if (def.status === 204) responses['204'] = { description: 'No content' };
    else {
      responses[String(def.status)] = {
        description: def.status === 201 ? 'Created' : 'Success',
        content: def.response ? { 'application/json': { schema: def.response } } : undefined,
      };
    }
    for (const [code, description] of Object.entries(ERROR_STATUSES)) {
      if (def.auth === 'none' && (code === '401' || code === '403')) continue;
      if ((code === '413' || code === '415') && !def.body && !def.multipartBody) continue;
      responses[code] = { description, content: { 'application/json': { schema: errorSchema } } };
    }
    registry.registerPath({
      method: def.method,
      path,
      summary: def.summary,
      description: def.description,
      tags: [def.tag],
      security: def.auth === 'none' ? [] : AUTH_DOCS[def.auth],
      request: {
        params: params.length ? z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) : undefined,
        query: def.query,
        body: def.body
          ? { content: { 'application/json': { schema: def.body } }, required: true }
          : def.multipartBody
            ? { content: { 'multipart/form-data': { schema: def.multipartBody } }, required: true }
            : undefined,
      },
      responses,
    });
  }
}
