export { AttachButton, fileDropHandlers, UploadTray } from './attach';
export { FileMessage } from './file-message';
