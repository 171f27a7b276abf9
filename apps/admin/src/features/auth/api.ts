import type { AccountView, MessageResponse, TokenPairView, TokenPairWithMessage, VerifyTokenResponse } from '@swipe/core';
import { api } from '../../lib/api';

// Response shapes come from @swipe/core (the server's response schemas), never copied here.
export const login = (body: { email: string; password: string }) => api.post<TokenPairView>('auth/login', body);
export const forgotPassword = (email: string) => api.post<MessageResponse>('auth/forgot-password', { email });
export const verifyToken = (token: string) => api.post<VerifyTokenResponse>('auth/verify-token', { token });
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  api.post<MessageResponse>('auth/reset-password', body);
export const firstTimeChangePassword = (body: { password: string; confirmPassword: string }) =>
  api.post<TokenPairWithMessage>('auth/first-time-change-password', body);
export const logout = () => api.post<MessageResponse>('auth/log-out');
export const userInfo = () => api.get<AccountView>('auth/user-info');
