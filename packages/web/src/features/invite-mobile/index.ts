/** The mobile invite page (SPEC §2; docs/api.md, "Mobile invite page"). */
export { InviteMobilePage } from './invite-mobile-page';
