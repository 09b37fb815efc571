export { LoginPage } from './login-page';
export { RegisterPage } from './register-page';
export { validateAccount, type AccountErrors, type AccountInput } from './validate-account';
