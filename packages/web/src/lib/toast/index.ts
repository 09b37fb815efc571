export { loadToasts, toast, Toaster } from './toast';
