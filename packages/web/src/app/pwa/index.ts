export { registerServiceWorker } from './register';
