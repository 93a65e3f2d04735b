import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';

/**
 * The page shape every paged list shares (items, limit, offset, total; docs/graphql.md#paging):
 * `class XPage extends PageOf(X) {}` declares one named page type.
 */
export function PageOf<T extends object>(item: ClassType<T>) {
  @ObjectType()
  abstract class Page {
    @Field(() => [item]) items!: T[];
    @Field(() => Int) limit!: number;
    @Field(() => Int) offset!: number;
    @Field(() => Int) total!: number;
  }
  return Page;
}

/**
 * `limit` and `offset` of every paged list (described in src/http/descriptions.ts); the service
 * layer checks the bounds (src/services/paging.ts).
 */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => Int, { nullable: true }) offset?: number;
}
