export { AccountFields, useAccountForm } from './account-form';
export { LoginPage } from './login-page';
export { RegisterPage } from './register-page';
