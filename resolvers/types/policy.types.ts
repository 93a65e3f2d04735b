import { Action, DataType, Destination } from './enums';
import { ArgsType, Directive, Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { PageOf } from './page.types';
import { PolicyRef } from './refs.types';

@ObjectType()
export class Rule {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ nullable: true }) description?: string;
  @Field() enabled!: boolean;
  @Field(() => [DataType]) dataTypes!: string[];
  @Field(() => [Destination]) destinations!: string[];
  @Field(() => Action) action!: string;
  @Field(() => [String], { description: 'non_eu_destination, scc_verified; a leading ! negates' }) conditions!: string[];
}

@ObjectType()
export class CustomPattern {
  @Field() name!: string;
  @Field() data_type!: string;
  @Field({ nullable: true }) regex?: string;
  @Field(() => [String], { nullable: true }) keywords?: string[];
}

@Directive('@key(fields: "policy_id")')
@ObjectType()
export class Policy {
  @Field(() => ID) policy_id!: string;
  @Field() org_id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() version!: string;
  @Field(() => [String]) tags!: string[];
  @Field() is_active!: boolean;
  @Field() policy_group!: string;
  @Field({ description: 'Full key only in create/regenerate results; redacted elsewhere' }) api_key!: string;
  @Field(() => [Rule]) rules!: Rule[];
  @Field(() => [CustomPattern]) custom_patterns!: CustomPattern[];
  @Field(() => GraphQLDateTime) created_at!: string;
  @Field(() => GraphQLDateTime) updated_at!: string;
}

@ObjectType()
export class RegeneratedPolicyKey {
  @Field() policy_id!: string;
  @Field() api_key!: string;
}

@InputType()
export class RuleInput {
  @Field({ nullable: true }) id?: string;
  @Field() name!: string;
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => [DataType]) dataTypes!: string[];
  @Field(() => [Destination]) destinations!: string[];
  @Field(() => Action) action!: string;
  @Field(() => [String], { nullable: true }) conditions?: string[];
}

@InputType()
export class CustomPatternInput {
  @Field() name!: string;
  @Field({ nullable: true }) data_type?: string;
  @Field({ nullable: true }) regex?: string;
  @Field(() => [String], { nullable: true }) keywords?: string[];
}

/** The fields a policy's create and update share; only `name` differs (required on create). */
@InputType()
abstract class PolicyFieldsInput {
  @Field({ nullable: true }) description?: string;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => [RuleInput], { nullable: true }) rules?: RuleInput[];
  @Field(() => [CustomPatternInput], { nullable: true }) custom_patterns?: CustomPatternInput[];
  @Field({ nullable: true }) policy_group?: string;
  @Field({ nullable: true }) is_active?: boolean;
}

@InputType()
export class CreatePolicyInput extends PolicyFieldsInput {
  @Field() name!: string;
}

@InputType({ description: 'Partial update: omitted fields stay.' })
export class UpdatePolicyInput extends PolicyFieldsInput {
  @Field({ nullable: true }) name?: string;
}

@ObjectType()
export class PolicyPage extends PageOf(Policy) {}

@ArgsType()
export class UpdatePolicyArgs extends PolicyRef {
  @Field(() => UpdatePolicyInput)
  input!: UpdatePolicyInput;
}
