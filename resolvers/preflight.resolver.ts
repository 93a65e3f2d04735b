import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { checkMeta } from '../src/http/request-meta';
import { DomainError } from '../src/errors';
import type { GqlContext } from './context';
import { plain } from './context';
import { PreflightFileInput, PreflightResult, PreflightTextInput } from './types/preflight.types';

async function readUpload(upload: Promise<FileUpload> | FileUpload): Promise<{ buffer: Buffer; filename: string; mimetype: string }> {
  const file = await upload;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.createReadStream()) chunks.push(chunk as Buffer);
  } catch {
    // graphql-upload-ts aborts the stream past maxFileSize.
    throw new DomainError('payload_too_large', 'The file is larger than the configured limit');
  }
  return { buffer: Buffer.concat(chunks), filename: file.filename, mimetype: file.mimetype };
}

@Resolver(() => PreflightResult)
export class PreflightResolver {
  @Mutation(() => PreflightResult, { description: 'Check text (X-Service-API-Key: policy key)' })
  async preflightText(@Arg('input') input: PreflightTextInput, @Ctx() ctx: GqlContext): Promise<PreflightResult> {
    const admitted = await ctx.services.preflight.admit(await ctx.principal());
    return (await ctx.services.preflight.checkText(admitted, plain(input), checkMeta(ctx.req))).result;
  }

  @Mutation(() => PreflightResult, { description: 'Check a file (multipart upload; X-Service-API-Key: policy key)' })
  async preflightFile(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg('input') input: PreflightFileInput,
    @Ctx() ctx: GqlContext,
  ): Promise<PreflightResult> {
    // Admission before the upload is read: a refused key costs no buffering or parsing.
    const admitted = await ctx.services.preflight.admit(await ctx.principal());
    let upload: Awaited<ReturnType<typeof readUpload>>;
    try {
      upload = await readUpload(file);
    } catch (err) {
      await ctx.services.preflight.release(admitted);
      throw err;
    }
    return (await ctx.services.preflight.checkFile(admitted, upload, plain(input), checkMeta(ctx.req))).result;
  }

  @Query(() => PreflightResult, { description: 'A stored preflight result' })
  async preflightResult(@Arg('preflight_id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<PreflightResult> {
    return ctx.services.preflight.get(await ctx.principal(), id);
  }
}
