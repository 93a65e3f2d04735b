import { ArgsType, Field, ID } from 'type-graphql';

/**
 * The arguments that name one thing of an organization, declared once: `org` (id or slug) and the
 * thing's id, spelled as in REST. Descriptions come from src/http/descriptions.ts.
 */
@ArgsType()
export class OrgRef {
  @Field()
  org!: string;
}

@ArgsType()
export class PolicyRef extends OrgRef {
  @Field(() => ID)
  policy_id!: string;
}

@ArgsType()
export class DestinationRef extends OrgRef {
  @Field(() => ID)
  destination_id!: string;
}

@ArgsType()
export class ApiKeyRef extends OrgRef {
  @Field(() => ID)
  key_id!: string;
}
