import { DeliveryState, DestinationStatus } from './enums';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { PageArgs, PageOf } from './page.types';

@ObjectType({ description: 'Deliveries of a destination by state (failed = dead-lettered).' })
export class DeliveryCounts {
  @Field(() => Int) queued!: number;
  @Field(() => Int) retrying!: number;
  @Field(() => Int) delivered!: number;
  @Field(() => Int) failed!: number;
}

@ObjectType({ description: 'An HTTPS collector audit events are forwarded to. The auth header value is write-only.' })
export class ForwardingDestination {
  @Field(() => ID) destination_id!: string;
  @Field() org_id!: string;
  @Field() url!: string;
  @Field(() => String, { nullable: true }) auth_header_name!: string | null;
  @Field({ description: 'True when a header value is stored; the value itself is never returned' }) auth_header_configured!: boolean;
  @Field() enabled!: boolean;
  @Field(() => DestinationStatus) status!: string;
  @Field(() => String, { nullable: true, description: 'The failure that dead-lettered the latest dead-lettered delivery' })
  last_error!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) last_error_at!: string | null;
  @Field(() => DeliveryCounts) deliveries!: DeliveryCounts;
  @Field(() => GraphQLDateTime, { description: 'ISO 8601 with UTC offset' }) created_at!: string;
  @Field(() => GraphQLDateTime) updated_at!: string;
}

@ObjectType({ description: 'Answer of the synchronous test: ok when the destination answered 2xx within the test time-out.' })
export class ForwardingTestResult {
  @Field() ok!: boolean;
  @Field(() => Int, { nullable: true, description: 'Null when no HTTP answer came (DNS, refused, TLS, time-out)' }) status_code!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Int) duration_ms!: number;
}

@ObjectType()
export class RedeliverResult {
  @Field(() => ID) destination_id!: string;
  @Field(() => Int) requeued!: number;
  @Field({ description: 'More matched than one call re-queues (10,000): call again' }) more!: boolean;
}

@ObjectType({ description: 'One delivery attempt: status, error and duration (never content or credentials).' })
export class DeliveryAttemptRecord {
  @Field(() => GraphQLDateTime) at!: string;
  @Field(() => Int, { nullable: true }) status_code!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Int) duration_ms!: number;
}

@ObjectType({ description: 'One event on its way to one destination: queued, retrying, delivered or failed (dead-lettered).' })
export class Delivery {
  @Field(() => ID) delivery_id!: string;
  @Field() destination_id!: string;
  @Field({ description: 'The event id (event.id)' }) preflight_id!: string;
  @Field(() => DeliveryState) state!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => GraphQLDateTime, { nullable: true }) next_attempt_at!: string | null;
  @Field(() => Int, { nullable: true }) last_status_code!: number | null;
  @Field(() => String, { nullable: true }) last_error!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) last_attempt_at!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) delivered_at!: string | null;
  @Field(() => GraphQLDateTime) created_at!: string;
  @Field(() => [DeliveryAttemptRecord]) attempt_log!: DeliveryAttemptRecord[];
}

@ObjectType()
export class DeliveryPage extends PageOf(Delivery) {}

@ObjectType()
export class ForwardingDestinationPage extends PageOf(ForwardingDestination) {}

@InputType()
export class CreateForwardingDestinationInput {
  @Field({ description: 'https:// ingest URL' }) url!: string;
  @Field({ nullable: true }) auth_header_name?: string;
  @Field({ nullable: true, description: 'Write-only; stored encrypted' }) auth_header_value?: string;
  @Field({ nullable: true, description: 'Default true' }) enabled?: boolean;
}

@InputType({ description: 'Partial update: omitted fields stay.' })
export class UpdateForwardingDestinationInput {
  @Field({ nullable: true }) url?: string;
  @Field({ nullable: true, description: '"" removes the header' }) auth_header_name?: string;
  @Field({ nullable: true, description: 'A new value rotates it; "" clears it' }) auth_header_value?: string;
  @Field({ nullable: true, description: 'false stops forwarding and drops pending deliveries' }) enabled?: boolean;
}

@InputType()
export class RedeliverInput {
  @Field(() => GraphQLDateTime, { nullable: true, description: 'Only events created at or after this time' }) since?: string;
}

@ArgsType()
export class DeliveriesArgs extends PageArgs {
  @Field(() => DeliveryState, { nullable: true }) state?: string;
}
