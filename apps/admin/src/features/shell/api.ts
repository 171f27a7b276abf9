import type { TokenPairWithMessage } from '@swipe/core';
import { api } from '../../lib/api';

export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) =>
  api.post<TokenPairWithMessage>('auth/change-password', body);
