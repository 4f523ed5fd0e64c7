// What other workspaces (the end-to-end suite, benchmarks) use of the gateway: building it in
// process, its configuration, and the registry of published builds.
export { buildGateway, type BuildOptions, type Gateway } from './app';
export { loadConfig, type GatewayConfig } from './config';
export { warmUp } from './warm-up';
export { DEPLOYABLES, DeployRefused, RegistryStore, SHELL } from './registry/store';
export { CANARY_COOKIE, inCanary, newShopperId } from './registry/canary';
export { PAGE_FIRST_LOAD_LIMIT } from './registry/gates';
