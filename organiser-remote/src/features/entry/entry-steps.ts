// The entry's steps after the welcome, in one chunk with the data layer they send through
// (entry-page.tsx loads it at the first touch on the page).
export { ForgotForm } from './forgot-form';
export { LoginForm } from './login-form';
export { SetupForm } from './setup-form';
