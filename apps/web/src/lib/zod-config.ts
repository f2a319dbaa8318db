import { z } from 'zod';

// The app's CSP forbids eval. Zod compiles object parsers with `new Function` and probes for it
// when a schema is created, which the browser reports as a CSP violation. This module is imported
// first in main.tsx, before any schema exists.
z.config({ jitless: true });
