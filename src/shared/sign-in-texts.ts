/**
 * Texts of the sign-in form, the forgot-password dialog and the reset-password page (docs/PRODUCT.md). Their own
 * module so they download with those screens, not with the first screen (README, "Bundle budget").
 */
import { APP_NAME } from './constants';
export const LOGIN_TEXTS = {
  loginTitle: `Login to ${APP_NAME}`,
  signUpTitle: `Create ${APP_NAME} Account`,
  loginDescription: 'Sign in to reach your safety tools.',
  signUpDescription: 'Create an account to start protecting yourself.',
  fullName: 'Full Name',
  email: 'Email',
  password: 'Password',
  login: 'Login',
  signUp: 'Sign Up',
  toSignUp: "Don't have an account? Sign up",
  toLogin: 'Already have an account? Login',
  forgotPassword: 'Forgot password?',
} as const;

export const RECOVERY_TEXTS = {
  title: 'Reset your password',
  description: "Enter your account's email and we'll send you a link to choose a new password.",
  send: 'Send Reset Link',
  sending: 'Sending...',
  sentTitle: 'Check your email',
  sentMessage: 'If an account exists for that address, a reset link is on its way.',
  newPasswordTitle: 'Choose a new password',
  newPasswordDescription: 'Enter a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  save: 'Update Password',
  saving: 'Updating...',
  updatedTitle: 'Password updated',
  updatedMessage: 'You are signed in with your new password.',
  missingToken: 'This link is invalid or has expired.',
  backToLogin: 'Back to Login',
} as const;
