export { AccountFields, useAccountForm } from './account-form';
export { EmailLoginPage } from './email-login-page';
export { GuestLoginPage } from './guest-login-page';
export { InvitePrivatePage } from './invite-private-page';
export { LoginPage } from './login-page';
export { RegisterPage } from './register-page';
export { SetNamePage } from './set-name-page';
export { AuthLayout } from './auth-layout';
