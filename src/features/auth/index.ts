/** The auth feature's public face: what the router composes (see notes/client-interfaces.md). */
import './auth.css';

export { AcceptInvitePage } from './accept-invite-lazy.tsx';
export { LoginPage } from './login-page.tsx';
export { NewPasswordPage } from './new-password-page.tsx';
export { RegisterPage } from './register-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { SignInFlowProvider } from './sign-in-flow.tsx';
export { VerifyEmailPage } from './verify-email-page.tsx';
