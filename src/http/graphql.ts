import type { Express, Request } from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type GraphQLFormattedError, type ValidationContext, type ValidationRule } from 'graphql';
import { graphqlUploadExpress } from 'graphql-upload-ts';
import type { Logger } from 'pino';
import { DomainError, ERROR_CODES, retryAfterFor } from '../errors';
import { safeErrorFields } from '../lib/logger';
import { createGqlContext, GqlContext } from '../../resolvers/context';
import { buildGraphqlSchema } from '../../resolvers/schema';
import type { Services } from '../services';
import { rateLimitHeaders } from './errors';
import { jsonBody, multipartErrors } from './transport';

/**
 * What one GraphQL request may ask for (README, Operations). Refused during validation, before
 * any resolver runs, with HTTP 400 and code query_too_complex. The console's largest query uses
 * depth 5, no aliases and a cost under 200.
 */
export const GRAPHQL_LIMITS = {
  /** Tokens in the document (graphql-js stops parsing past it): bounds parse and validation work. */
  maxTokens: 2000,
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 20,
  /** graphql-armor's cost: 2 per object field, 1 per scalar, times 1.5 per level of depth. */
  maxCost: 5000,
} as const;

/** Armor rules report through here: one code from the error table, and nothing of the query quoted. */
const tooComplex = (ctx: ValidationContext | null, err: GraphQLError) =>
  ctx?.reportError(new GraphQLError(err.message, { nodes: err.nodes, extensions: { code: 'query_too_complex' } }));
const armor = { propagateOnRejection: false, onReject: [tooComplex], exposeLimits: true };

export const graphqlValidationRules: ValidationRule[] = [
  maxDepthRule({ ...armor, n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true }),
  maxAliasesRule({ ...armor, n: GRAPHQL_LIMITS.maxAliases }),
  maxDirectivesRule({ ...armor, n: GRAPHQL_LIMITS.maxDirectives }),
  costLimitRule({ ...armor, maxCost: GRAPHQL_LIMITS.maxCost, flattenFragments: true }),
];

/**
 * graphql-js quotes submitted values in its coercion messages (`Variable "$input" got invalid
 * value {...}`, `Expected value of type "Int", found "..."`, `Int cannot represent ...: "..."`):
 * keep what names the problem, drop what repeats the input.
 */
export function maskGraphqlMessage(message: string): string {
  const variable = /^Variable "(\$\w+)" got invalid value/.exec(message);
  if (variable) return `Variable "${variable[1]}" has an invalid value (a wrong type, a missing required field or an unknown field)`;
  const found = message.search(/[,;] found /);
  if (found >= 0) return `${message.slice(0, found)}.`;
  const cannot = /^(\w+ cannot represent)\b/.exec(message);
  if (cannot) return `${cannot[1]} the given value.`;
  return message;
}

/** graphql-js's parse error past parseOptions.maxTokens. */
const TOKEN_LIMIT = /^Syntax Error: Document contains more tha[nt] \d+ tokens/;

/** Apollo's formatError: DomainError codes go to extensions.code, exactly as REST's error.code. */
export function formatGraphqlError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = (error as { originalError?: unknown })?.originalError;
    if (original instanceof DomainError) {
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: {
          code: original.code,
          http_status: ERROR_CODES[original.code].status,
          ...(original.details?.length ? { details: original.details } : {}),
          ...(original.rateLimit ? { retry_after: original.rateLimit.retryAfterSeconds } : {}),
        },
      };
    }
    const code = formatted.extensions?.code;
    if (original && (code === undefined || code === 'INTERNAL_SERVER_ERROR')) {
      logger.error(safeErrorFields(original), 'unhandled graphql error');
      return { message: 'Internal server error', path: formatted.path, extensions: { code: 'internal', http_status: 500 } };
    }
    // Parse, validation and coercion errors from graphql itself: their text names the problem, never the values.
    const message = maskGraphqlMessage(formatted.message);
    // Apollo re-codes every validation error; the armor rules' own code survives on the original.
    const tooComplex = (original instanceof GraphQLError && original.extensions?.code === 'query_too_complex') || TOKEN_LIMIT.test(formatted.message);
    return {
      message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: tooComplex ? { code: 'query_too_complex', http_status: ERROR_CODES.query_too_complex.status } : { code: code ?? 'bad_request' },
    };
  };
}

/**
 * The HTTP status and headers REST would send for a GraphQL answer's errors: 429 with Retry-After
 * and X-RateLimit-*, or a code with a Retry-After of its own (503 service_busy). Undefined otherwise.
 */
export function httpAnswerFor(errors: readonly { originalError?: unknown }[] | undefined): { status: number; headers: Record<string, string> } | undefined {
  for (const e of errors ?? []) {
    const o = e.originalError;
    if (!(o instanceof DomainError)) continue;
    if (o.rateLimit) return { status: o.status, headers: rateLimitHeaders(o.rateLimit) };
    const retryAfter = retryAfterFor(o.code);
    if (retryAfter !== undefined) return { status: o.status, headers: { 'Retry-After': String(retryAfter) } };
  }
  return undefined;
}

/** A rate-limited or overloaded GraphQL request answers like REST: its HTTP status and Retry-After (and X-RateLimit-*). */
const restLikeStatus: ApolloServerPlugin<GqlContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ errors, response }) {
        const answer = httpAnswerFor(errors);
        if (!answer) return;
        response.http.status = answer.status;
        for (const [k, v] of Object.entries(answer.headers)) response.http.headers.set(k, v);
      },
    };
  },
};

/** Mounts the federation subgraph at /graphql (uploads handled before Apollo). */
export async function mountGraphql(app: Express, services: Services, logger: Logger, maxBytes: number) {
  const { schema } = await buildGraphqlSchema();
  const server = new ApolloServer<GqlContext>({
    schema,
    formatError: formatGraphqlError(logger),
    includeStacktraceInErrorResponses: false,
    // On in production too: the schema is public and every operation needs a key (docs/graphql.md).
    introspection: true,
    // The process owns SIGTERM (src/lib/lifecycle.ts): Apollo's own handler re-sent the signal and left the first stop() hanging.
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    validationRules: graphqlValidationRules,
    plugins: [ApolloServerPluginInlineTraceDisabled(), restLikeStatus],
  });
  await server.start();
  app.use(
    '/graphql',
    multipartErrors(graphqlUploadExpress({ maxFileSize: maxBytes, maxFiles: 1 })),
    jsonBody(maxBytes),
    expressMiddleware(server, { context: async ({ req }) => createGqlContext(services, req as Request) }),
  );
  return server;
}
