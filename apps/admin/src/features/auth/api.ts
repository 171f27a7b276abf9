import { api } from '../../lib/api';
import type { TokenPair, User } from '../../lib/session';

export const login = (body: { email: string; password: string }) => api.post<TokenPair>('auth/login', body);
export const forgotPassword = (email: string) => api.post<{ message: string }>('auth/forgot-password', { email });
export const verifyToken = (token: string) => api.post<{ valid: boolean; message: string }>('auth/verify-token', { token });
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  api.post<{ message: string }>('auth/reset-password', body);
export const firstTimeChangePassword = (body: { password: string; confirmPassword: string }) =>
  api.post<TokenPair & { message: string }>('auth/first-time-change-password', body);
export const logout = () => api.post<{ message: string }>('auth/log-out');
export const userInfo = () => api.get<User>('auth/user-info');
