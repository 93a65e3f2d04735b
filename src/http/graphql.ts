import type { Express, Request } from 'express';
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { GraphQLFormattedError } from 'graphql';
import { graphqlUploadExpress } from 'graphql-upload-ts';
import type { Logger } from 'pino';
import { DomainError, ERROR_CODES } from '../errors';
import { safeErrorFields } from '../lib/logger';
import { createGqlContext, GqlContext } from '../../resolvers/context';
import { buildGraphqlSchema } from '../../resolvers/schema';
import type { Services } from '../services';

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
    // Parse/validation errors from graphql itself: keep their message (it quotes the query, not content).
    return { ...formatted, extensions: { ...formatted.extensions, code: code ?? 'bad_request' } };
  };
}

/** Mounts the federation subgraph at /graphql (uploads handled before Apollo). */
export async function mountGraphql(app: Express, services: Services, logger: Logger, maxBytes: number) {
  const { schema } = await buildGraphqlSchema();
  const server = new ApolloServer<GqlContext>({
    schema,
    formatError: formatGraphqlError(logger),
    includeStacktraceInErrorResponses: false,
    // On in production too: the schema is public and every operation needs a key (docs/graphql.md).
    introspection: true,
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  await server.start();
  app.use(
    '/graphql',
    graphqlUploadExpress({ maxFileSize: maxBytes, maxFiles: 1 }),
    express.json({ limit: maxBytes }),
    expressMiddleware(server, { context: async ({ req }) => createGqlContext(services, req as Request) }),
  );
  return server;
}
