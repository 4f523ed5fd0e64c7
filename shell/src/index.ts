// Async boundary: shared modules (react, the bus) are negotiated before the shell runs.
import('./bootstrap').catch((err) => console.error('[shell] failed to start', err));
