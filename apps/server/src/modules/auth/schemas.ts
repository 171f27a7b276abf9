import { email, loginBody, operatorPassword, withConfirmation } from '@swipe/core';
import { z } from 'zod';

export const loginSchema = loginBody;
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = withConfirmation(
  z.object({ token: z.string().min(1).max(200), password: operatorPassword, confirmPassword: z.string() }),
);
export const verifyTokenSchema = z.object({ token: z.string().min(1).max(200) });
export const changePasswordSchema = withConfirmation(
  z.object({ currentPassword: z.string().min(1).max(200), password: operatorPassword, confirmPassword: z.string() }),
);
export const firstTimeChangeSchema = withConfirmation(z.object({ password: operatorPassword, confirmPassword: z.string() }));
