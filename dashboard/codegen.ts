import type { CodegenConfig } from '@graphql-codegen/cli';

// Types for every GraphQL document in the feature folders, from the service's schema file.
const config: CodegenConfig = {
  schema: '../schema/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**/*'],
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { JSONObject: 'Record<string, unknown>', SafeInt: 'number', DateTime: 'string' },
      },
    },
  },
};
export default config;
