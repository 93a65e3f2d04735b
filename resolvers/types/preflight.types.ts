import { Decision, Destination, InputKind, Region, SourceType } from './enums';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { PolicyRef } from './refs.types';

@ObjectType({ description: 'One finding type in a result' })
export class Detected {
  @Field() type!: string;
  @Field(() => Int) count!: number;
  @Field(() => String, { nullable: true, description: 'Partially obscured; null for secrets and for PHI when blocked' })
  sample!: string | null;
}

@ObjectType({ description: 'Where a mask token stands in the submitted text (never the value)' })
export class MaskSpan {
  @Field() type!: string;
  @Field(() => Int) start!: number;
  @Field(() => Int) end!: number;
  @Field() token!: string;
}

@ObjectType({ description: 'A preflight decision' })
export class PreflightResult {
  @Field(() => ID) preflight_id!: string;
  @Field(() => Decision) decision!: string;
  @Field() summary!: string;
  @Field(() => [Detected]) detected!: Detected[];
  @Field(() => String, { nullable: true, description: 'Text checks: send this instead of the original; null when blocked' })
  masked_content?: string | null;
  @Field(() => String, { nullable: true, description: 'File checks: signed, expiring download; null when blocked' })
  masked_file_url?: string | null;
  @Field(() => [MaskSpan], { nullable: true, description: 'Text checks with include_spans: offsets into the submitted text and mask tokens' })
  spans?: MaskSpan[];
  @Field() policy_version!: string;
  @Field() policy_id!: string;
  @Field() org_id!: string;
  @Field(() => Destination) destination!: string;
  @Field(() => SourceType) source_type!: string;
  @Field(() => InputKind) input_type!: string;
  @Field(() => GraphQLDateTime) created_at!: string;
}

@InputType({ description: 'Where the content goes and who sends it' })
export class PreflightFileInput {
  @Field(() => Destination) destination!: string;
  @Field({ nullable: true }) org_id?: string;
  @Field({ nullable: true }) policy_id?: string;
  @Field(() => SourceType, { nullable: true }) source_type?: string;
  @Field({ nullable: true }) actor_id?: string;
  @Field(() => Region, { nullable: true }) destination_region?: string;
  @Field({ nullable: true }) destination_scc_verified?: boolean;
}

@InputType()
export class PreflightTextInput extends PreflightFileInput {
  @Field() text!: string;
  @Field({ nullable: true, description: 'Also return spans (offsets and mask tokens) for restoring a masked reply' })
  include_spans?: boolean;
}

@ObjectType({ description: 'What a check would decide under a policy; nothing is recorded' })
export class PolicyTryResult {
  @Field(() => Decision) decision!: string;
  @Field() summary!: string;
  @Field(() => [Detected], { description: 'One item per finding type, with an obscured sample' }) detected!: Detected[];
  @Field(() => String, { nullable: true, description: 'The text with masked findings replaced by [TYPE_n]; null when blocked' })
  masked_content?: string | null;
  @Field() policy_version!: string;
}

@InputType({ description: 'Text to try against a policy and where it would go' })
export class TryPolicyInput {
  @Field() text!: string;
  @Field(() => Destination) destination!: string;
  @Field(() => Region, { nullable: true }) destination_region?: string;
  @Field({ nullable: true }) destination_scc_verified?: boolean;
}

@ArgsType()
export class TryPolicyArgs extends PolicyRef {
  @Field(() => TryPolicyInput)
  input!: TryPolicyInput;
}
