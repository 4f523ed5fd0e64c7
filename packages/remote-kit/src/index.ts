export { createLifecycles, SERVER_RENDERED_ATTR, type Lifecycles, type LifecycleProps } from './lifecycles';
export { createServerRender, regionTree, type ServerRender, type ServerRenderOptions } from './server';
export { RegionDataContext, REGION_DATA_ATTR, useGatewayData, type RegionData, type GatewayData } from './region-data';
export { BusContext, useBus, useShared, usePublish, useSubscribe } from './hooks';
export { useKeptWhile } from './kept';
export { RemoteErrorBoundary, RegionNotice, REGION_NOTICE, reportRegion, showRegionNotice } from './boundary';
export { api, ApiError, ACCOUNT_NOT_CHECKED } from './api';
export { copyLink, ModalDialog, type ModalDialogProps } from './dialog';
export { Button, buttonClass, type ButtonProps } from './button';
export { WantedNow, WANTED_NOW_ATTR } from './wanted-now';
export { earlyInput } from './early-input';
export { checkZip, zipCheckPath } from './zip-check';
export { AD_CREATIVE_PATH, AD_LABEL, adCreativeUrl, localPath, readCreative, type AdCreative, type AdImage } from './ad-creative';
export type { ServerRenderContext, PreparedRegion } from '@cfs/contracts';
export {
  closeEmailSubscribe,
  EMAIL_FORM_TEXTS,
  EMAIL_SUBSCRIBE_KEY,
  emailFieldProblem,
  emailSubscribeValue,
  EmailSubscribeForm,
  markSubscribed,
  onEmailSubscribeChange,
  subscribeOutcome,
  subscribeToAlerts,
  useEmailSubscribe,
  type EmailSubscribeClasses,
  type EmailSubscribeFlow,
  type EmailSubscribeValue,
  type SubscribeOutcome,
  type SubscribeRequest,
} from './email-subscribe';
