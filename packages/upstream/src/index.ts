// What other workspaces use of the embedded upstream: the server itself (tests and benchmarks
// start it in-process) and the fault-injection names.
export { buildUpstream, DEFAULT_DATA_DIR, type UpstreamOptions } from './app';
export { CALL_NAMES, FAULT_CALLS, SERVICES, SERVICE_CALLS, type Fault, type Service } from './routes/faults';
