import { z } from 'zod/v4';

// The app's CSP forbids eval. Zod compiles object parsers with `new Function` and probes for it
// when a schema is created, which the browser reports as a CSP violation. The build points every
// `zod` import at this module (vite.config.ts), so the setting is made before any schema exists
// in whichever chunk loads zod first.
z.config({ jitless: true });

export * from 'zod/v4';
export { z as default };
