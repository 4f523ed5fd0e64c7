export { createLifecycles, SERVER_RENDERED_ATTR, type Lifecycles, type LifecycleProps } from './lifecycles';
export {
  createServerRender,
  regionTree,
  type ServerRender,
  type ServerRenderContext,
  type ServerRenderOptions,
  type PreparedRegion,
} from './server';
export { RegionDataContext, REGION_DATA_ATTR, useGatewayData, type RegionData, type GatewayData } from './region-data';
export { BusContext, useBus, useShared, usePublish, useSubscribe } from './hooks';
export { useKeptWhile } from './kept';
export { RemoteErrorBoundary, RegionNotice, REGION_NOTICE, showRegionNotice } from './boundary';
export { api, ApiError } from './api';
export { ModalDialog, type ModalDialogProps } from './dialog';
export { WantedNow, WANTED_NOW_ATTR } from './wanted-now';
export { earlyInput } from './early-input';
export { checkZip, ZIP_CHECK_PATH } from './zip-check';
export { AD_CREATIVE_PATH, AD_LABEL, adCreativeUrl, localPath, readCreative, type AdCreative, type AdImage } from './ad-creative';
