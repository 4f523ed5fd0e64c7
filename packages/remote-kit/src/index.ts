export { createLifecycles, type Lifecycles, type LifecycleProps } from './lifecycles';
export { BusContext, useBus, useShared, usePublish, useSubscribe } from './hooks';
export { RemoteErrorBoundary, RegionNotice, REGION_NOTICE } from './boundary';
export { api, ApiError } from './api';
