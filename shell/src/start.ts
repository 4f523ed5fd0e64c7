// The page's start script, built apart from the shell's own entry (index.ts): see page-start.ts.
import { start } from './page-start';

start().catch((err) => console.error('[shell] failed to start', err));
