export { BotsPage } from './bots-page';
