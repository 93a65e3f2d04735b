import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';

// Must run before any schema calls .openapi(); every module declaring a documented shape imports z from here.
extendZodWithOpenApi(z);

export { z };
