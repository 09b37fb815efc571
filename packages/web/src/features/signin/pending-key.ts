/** Where a started GitHub or Google sign-in waits for its answer (sessionStorage). */
export const SOCIAL_PENDING_KEY = 'parley.social.pending';
