// Shared with the benchmarks, which start the same services.
export { freePort } from '../../../../scripts/lib/processes.mjs';
