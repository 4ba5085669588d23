/**
 * Guardian linking (docs/PRODUCT.md#guardians): invite codes, relationships and the guardian's list of wards.
 * Field names follow the database tables.
 */
import { z } from 'zod';
import { ERRORS, VALIDATION } from '../texts';
import { IdSchema, TimestampSchema } from './common';
import { LocationSchema } from './location';

/** An invite code as its creator sees it. */
export const InviteCodeSchema = z.object({
  id: IdSchema,
  code: z.string(),
  expires_at: TimestampSchema,
  is_used: z.boolean(),
  created_at: TimestampSchema,
});
export type InviteCode = z.infer<typeof InviteCodeSchema>;

export const InviteCodeListResponseSchema = z.object({ codes: z.array(InviteCodeSchema) });
export type InviteCodeListResponse = z.infer<typeof InviteCodeListResponseSchema>;

/**
 * POST /api/invite-codes/redeem. Entry is trimmed and forced to uppercase (docs/PRODUCT.md#invite-codes);
 * blank gives the blank-code message. Anything far longer than a code cannot be one.
 */
export const RedeemInviteCodeRequestSchema = z
  .object(
    {
      code: z
        .string({ error: VALIDATION.inviteCodeBlank })
        .trim()
        .toUpperCase()
        .min(1, VALIDATION.inviteCodeBlank)
        .max(64, ERRORS.invalidOrExpiredCode),
    },
    { error: VALIDATION.inviteCodeBlank },
  )
  .meta({ example: { code: 'ABCD1234' } });
export type RedeemInviteCodeRequest = z.input<typeof RedeemInviteCodeRequestSchema>;

export const RELATIONSHIP_STATUSES = ['pending', 'active', 'rejected', 'ended'] as const;
export const RelationshipStatusSchema = z.enum(RELATIONSHIP_STATUSES);
export type RelationshipStatus = z.infer<typeof RelationshipStatusSchema>;

/** The caller's side of a relationship. */
export const RelationshipRoleSchema = z.enum(['guardian', 'ward']);
export type RelationshipRole = z.infer<typeof RelationshipRoleSchema>;

export const RelationshipPartySchema = z.object({ full_name: z.string(), email: z.string() });
export type RelationshipParty = z.infer<typeof RelationshipPartySchema>;

/** A relationship with both parties' name and e-mail and the caller's role in it. */
export const GuardianRelationshipSchema = z.object({
  id: IdSchema,
  guardian_id: IdSchema,
  ward_id: IdSchema,
  status: RelationshipStatusSchema,
  relationship_type: z.literal('guardian'),
  role: RelationshipRoleSchema,
  guardian: RelationshipPartySchema,
  ward: RelationshipPartySchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type GuardianRelationship = z.infer<typeof GuardianRelationshipSchema>;

export const RelationshipListResponseSchema = z.object({
  relationships: z.array(GuardianRelationshipSchema),
});
export type RelationshipListResponse = z.infer<typeof RelationshipListResponseSchema>;

/** PATCH /api/guardian-relationships/:id: the guardian approves (active) or rejects a pending request. */
export const DecideRelationshipRequestSchema = z
  .object({ status: z.enum(['active', 'rejected']) })
  .meta({ example: { status: 'active' } });
export type DecideRelationshipRequest = z.infer<typeof DecideRelationshipRequestSchema>;

/** GET /api/wards: one active ward with their latest position (null when none or sharing is off). */
export const WardSchema = z.object({
  relationship_id: IdSchema,
  ward_id: IdSchema,
  full_name: z.string(),
  email: z.string(),
  location_sharing_enabled: z.boolean(),
  location: LocationSchema.nullable(),
  linked_since: TimestampSchema,
});
export type Ward = z.infer<typeof WardSchema>;

export const WardListResponseSchema = z.object({ wards: z.array(WardSchema) });
export type WardListResponse = z.infer<typeof WardListResponseSchema>;
