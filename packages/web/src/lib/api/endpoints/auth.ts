import type { LoginResponse, RegisterRequest } from '@parley/protocol';
import { request } from '../client';
import type { ErrorOverrides } from '../error-toast';

export interface PasswordLogin {
  email: string;
  password: string;
  device: string;
}

export const login = ({ email, password, device }: PasswordLogin, errors?: ErrorOverrides) =>
  request<LoginResponse>('/token/login', {
    method: 'POST',
    json: { credential: { type: 'password', email, password }, device, device_token: '' },
    errors,
  });

export const logout = () => request<null>('/token/logout', { errors: { default: null } });

export const register = (body: RegisterRequest, errors?: ErrorOverrides) =>
  request<LoginResponse>('/user/register', { method: 'POST', json: body, errors });

export const checkMagicToken = (magicToken: string) =>
  request<boolean>('/user/check_magic_token', {
    method: 'POST',
    json: { magic_token: magicToken },
    errors: { default: null },
  });
