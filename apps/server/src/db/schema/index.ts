// The one schema drizzle-kit reads (drizzle.config.ts) and the drivers load: one file per area.
export * from './assistant';
export * from './auth';
export * from './crm';
export * from './crm-changes';
export * from './jobs';
export * from './recordings';
export * from './runtime';
export * from './calendar';
export * from './integrations';
export * from './whatsapp-conversations';
export * from './notes';
export * from './tasks';
export * from './call-suggestions';
export * from './coaching';
