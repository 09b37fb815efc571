/** Imported first by main.tsx: a provider's answer is taken from the address before the router starts. */
import { captureSocialReturn } from './social-return';

captureSocialReturn();
