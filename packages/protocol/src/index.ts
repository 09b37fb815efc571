export * from './common.js';
export * from './errors.js';
export * from './events.js';
export * from './groups.js';
export * from './limits.js';
export * from './messages.js';
export * from './system.js';
export * from './users.js';
