import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { DomainError } from '../errors';
import { MAX_INPUT_DEPTH } from '../services/validation';

const OPEN = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Refuses a JSON body nested deeper than MAX_INPUT_DEPTH before it is parsed, in one pass over
 * its bytes (brackets, quotes and backslashes are single bytes in UTF-8), so no parser or
 * validator ever recurses through a hostile document.
 */
function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  let depth = 0;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (c === QUOTE) {
      // Jump to the closing quote (native search): one not preceded by an odd run of backslashes.
      let end = buf.indexOf(QUOTE, i + 1);
      while (end > 0) {
        let slashes = 0;
        while (buf[end - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
        end = buf.indexOf(QUOTE, end + 1);
      }
      if (end < 0) return; // an unterminated string: JSON.parse reports it
      i = end;
    } else if (c === OPEN || c === OPEN_ARRAY) {
      if (++depth > MAX_INPUT_DEPTH) throw Object.assign(new Error('too deep'), { type: 'entity.too.deep' });
    } else if (c === CLOSE || c === CLOSE_ARRAY) depth--;
  }
}

/** Connect-style middleware on Node's own request and response (body parsers): Express runs it too. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The JSON body parser of REST, GraphQL and checks: size limit, depth limit, any Content-Encoding body-parser decodes. */
export function jsonBody(limit: number): NodeMiddleware {
  return express.json({ limit, verify: refuseDeepJson });
}

/** Plain `application/json` in UTF-8: the only type the direct reader takes. */
const PLAIN_JSON = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;
const BOM = 0xfeff;

/** An error as body-parser types them, so fromTransportError answers both readers alike. */
const bodyError = (type: string, status: number) => Object.assign(new Error(type), { type, status });

/** Parses a whole body as jsonBody does: depth pre-scan, leading BOM dropped, strict (an object or an array), empty as {}. */
function parseJson(buf: Buffer): unknown {
  refuseDeepJson(undefined, undefined, buf);
  let text = buf.toString('utf8');
  if (text.charCodeAt(0) === BOM) text = text.slice(1);
  if (text.length === 0) return {};
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw bodyError('entity.parse.failed', 400);
  try {
    return JSON.parse(text);
  } catch {
    throw bodyError('entity.parse.failed', 400);
  }
}

/**
 * The JSON body of a check. The usual request (a Content-Length, no Content-Encoding, plain
 * application/json in UTF-8) is read into one Buffer and parsed by the rules of jsonBody, with
 * errors of the same types; any other request (compressed, chunked, another type or charset)
 * goes to jsonBody itself. body-parser's generality costs a check more than its JSON.parse.
 */
export function checkJsonBody(limit: number): NodeMiddleware {
  const general = jsonBody(limit);
  return (req, res, next) => {
    const h = req.headers;
    const encoding = h['content-encoding'];
    if (h['content-length'] === undefined || (encoding !== undefined && encoding !== 'identity') || !PLAIN_JSON.test(h['content-type'] ?? '')) {
      return general(req, res, next);
    }
    const expected = Number(h['content-length']);
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (err?: unknown) => {
      req.off('data', onData).off('end', onEnd).off('error', finish).off('close', onClose);
      if (err !== undefined) {
        req.resume(); // the rest of the body is drained, not read
        return next(err);
      }
      try {
        (req as IncomingMessage & { body?: unknown }).body = parseJson(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
      } catch (e) {
        return next(e);
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > expected) return finish(bodyError('request.size.invalid', 400));
      chunks.push(chunk);
    };
    const onEnd = () => finish(received === expected ? undefined : bodyError('request.size.invalid', 400));
    const onClose = () => finish(bodyError('request.aborted', 400));
    if (!(expected <= limit)) return finish(bodyError('entity.too.large', 413));
    req.on('data', onData).once('end', onEnd).once('error', finish).once('close', onClose);
  };
}

/**
 * One multipart file field (`file`) in memory, at most `maxBytes`; any multipart failure
 * (no boundary, truncated body, oversized part header, too many parts) becomes an error in the shape of docs/api-contract.md.
 */
export function multipartFile(maxBytes: number): NodeMiddleware {
  return multipartErrors(
    multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25, headerPairs: 20 },
    }).single('file'),
  );
}

/**
 * Wraps a multipart parser (multer, graphql-upload): whatever it throws or passes on is an error
 * in the shape of docs/api-contract.md. Both read only Node's request (headers and stream).
 */
export function multipartErrors(parser: RequestHandler): NodeMiddleware {
  return (req, res, next) => {
    const fail = (err: unknown) => next(fromTransportError(err) ?? malformedMultipart());
    try {
      void parser(req as Request, res as Response, (err?: unknown) => (err === undefined ? next() : fail(err)));
    } catch (err) {
      fail(err);
    }
  };
}

const malformedMultipart = () => new DomainError('bad_request', 'Malformed multipart/form-data body');

/** Contract errors for what body-parser, multer and the upload middleware reject; undefined for anything else. */
export function fromTransportError(err: unknown): DomainError | undefined {
  const e = err as { type?: string; code?: string; status?: number; statusCode?: number; name?: string };
  if (e?.type === 'entity.parse.failed') return new DomainError('malformed_json', 'The request body is not valid JSON');
  if (e?.type === 'entity.too.deep')
    return new DomainError('validation_failed', 'Validation failed', [{ field: '(body)', problem: `nests deeper than ${MAX_INPUT_DEPTH} levels` }]);
  if (e?.type === 'entity.too.large' || e?.code === 'LIMIT_FILE_SIZE')
    return new DomainError('payload_too_large', 'The request body or file is larger than the configured limit');
  if (e?.type === 'encoding.unsupported')
    return new DomainError('unsupported_media_type', 'Unsupported Content-Encoding: send identity, gzip, deflate or br');
  if (e?.type === 'charset.unsupported') return new DomainError('unsupported_media_type', 'Unsupported charset: send UTF-8');
  if (e?.name === 'MulterError') return malformedMultipart();
  // body-parser wraps a body that does not decode (a broken gzip, deflate or br stream) or ends
  // early in a 400 http-error; graphql-upload does the same for bad multipart requests.
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new DomainError('payload_too_large', 'The request body or file is larger than the configured limit');
    if (status === 415) return new DomainError('unsupported_media_type', 'Unsupported request encoding');
    return new DomainError('bad_request', 'The request body could not be read (bad Content-Encoding, truncated or malformed)');
  }
  return undefined;
}
