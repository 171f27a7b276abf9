import { api } from '../../lib/api';
import type { TokenPair } from '../../lib/session';

export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) =>
  api.post<TokenPair & { message: string }>('auth/change-password', body);
