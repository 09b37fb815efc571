import type { RegisterRequest } from '@parley/protocol';
import { call } from '../call';
import type { ErrorOverrides } from '../error-toast';

export interface PasswordLogin {
  email: string;
  password: string;
  device: string;
}

export const login = ({ email, password, device }: PasswordLogin, errors?: ErrorOverrides) =>
  call(
    'login',
    { body: { credential: { type: 'password', email, password }, device, device_token: '' } },
    { errors },
  );

export const logout = () => call('logout', {}, { errors: { default: null } });

export const register = (body: RegisterRequest, errors?: ErrorOverrides) =>
  call('register', { body }, { errors });

export const checkMagicToken = (magicToken: string) =>
  call('checkMagicToken', { body: { magic_token: magicToken } }, { errors: { default: null } });
