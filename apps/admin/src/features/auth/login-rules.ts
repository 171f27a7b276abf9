// The login form's rules, loaded apart from the login screen so zod stays out of the first load.
export { loginBody } from '@swipe/core/validation.ts';
export { validate } from '../../lib/validate';
