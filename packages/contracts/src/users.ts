import { z } from 'zod';
import { emailSchema, passwordSchema, roleSchema, storableText } from './common.js';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  created_at: z.string(),
  last_login: z.string().nullable(),
  /** The first admin, created on the first start: cannot be deleted; the web hides its Delete button. */
  is_protected: z.boolean(),
  /** Monthly LLM budget in USD; null means no limit. */
  monthly_budget_usd: z.number().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A blank password means "no password" (the user sets one through the invitation link). */
const optionalPassword = z
  .union([z.literal(''), passwordSchema])
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

export const createUserRequestSchema = z.object({
  email: emailSchema,
  password: optionalPassword,
  role: roleSchema.default('user'),
  send_invite: z.boolean().default(false),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  password: optionalPassword,
  monthly_budget_usd: z.number().nonnegative().nullable().optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const requestPasswordResetSchema = z.object({
  email: storableText().trim().min(1, 'Email is required').max(320),
});
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

export const setPasswordRequestSchema = z.object({
  token: storableText().min(1, 'Invalid or missing reset token').max(200),
  new_password: passwordSchema,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A user's LLM cost per month (London time). */
export const monthlyUsageSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  cost_usd: z.number(),
  message_count: z.number().int(),
  sessions_count: z.number().int(),
});
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;

export const usageResponseSchema = z.object({
  user_id: z.string(),
  user_email: z.string(),
  total_cost_usd: z.number(),
  monthly_breakdown: z.array(monthlyUsageSchema),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

export const totalUsageResponseSchema = z.object({
  total_cost_usd: z.number(),
  monthly_breakdown: z.array(monthlyUsageSchema),
  users: z.array(
    z.object({
      user_id: z.string(),
      user_email: z.string(),
      total_cost_usd: z.number(),
      message_count: z.number().int(),
    }),
  ),
});
export type TotalUsageResponse = z.infer<typeof totalUsageResponseSchema>;
