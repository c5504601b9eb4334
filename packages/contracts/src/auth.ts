import { z } from 'zod';
import { roleSchema, storableText } from './common.js';

export const loginRequestSchema = z.object({
  email: storableText().trim().min(1, 'Email is required').max(320),
  // Longer than any password the policy allows, yet a bound on what is hashed for a sign-in attempt.
  password: storableText().min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const authUserSchema = z.object({ id: z.string(), email: z.string(), role: roleSchema });
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: authUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Browser storage keys (localStorage; nothing is kept in cookies). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
export const FEATURE_FLAG_V2_STORAGE_KEY = 'feature_flag_v2_endpoint';
export const SELECTED_MODEL_STORAGE_KEY = 'selected_model';
