import { z } from 'zod';
import { email, loginBody, operatorPassword, withConfirmation } from '../validation.js';
import { accountView } from './accounts.js';
import { messageResponse } from './common.js';

/** POST /auth/login */
export const loginRequest = loginBody;
/** POST /auth/forgot-password: always the same answer, whether the address exists or not. */
export const forgotPasswordBody = z.object({ email });
export const verifyTokenBody = z.object({ token: z.string().min(1).max(200) });
export const resetPasswordBody = withConfirmation(
  z.object({ token: z.string().min(1).max(200), password: operatorPassword, confirmPassword: z.string().max(200) }),
);
export const changePasswordBody = withConfirmation(
  z.object({ currentPassword: z.string().min(1).max(200), password: operatorPassword, confirmPassword: z.string().max(200) }),
);
/** POST /auth/first-time-change-password: only while the account must change its password. */
export const firstTimeChangeBody = withConfirmation(z.object({ password: operatorPassword, confirmPassword: z.string().max(200) }));

/** A session: a short access token and a rotating refresh token, with the account. */
export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  user: accountView,
});
export type TokenPairView = z.output<typeof tokenPair>;
/** change-password and first-time-change-password: a fresh pair and a translated confirmation. */
export const tokenPairWithMessage = tokenPair.extend({ message: z.string() });
export const verifyTokenResponse = messageResponse.extend({ valid: z.literal(true) });
export type TokenPairWithMessage = z.output<typeof tokenPairWithMessage>;
export type VerifyTokenResponse = z.output<typeof verifyTokenResponse>;
