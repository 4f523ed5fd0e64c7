// The React-free part first (its own shared entry: dom/index.ts).
export {
  ACCOUNT_NOT_CHECKED,
  AD_CREATIVE_PATH,
  AD_LABEL,
  adCreativeUrl,
  api,
  ApiError,
  checkZip,
  earlyInput,
  localPath,
  readCreative,
  REGION_DATA_ATTR,
  REGION_NOTICE,
  reportRegion,
  SERVER_RENDERED_ATTR,
  showRegionNotice,
  WANTED_NOW_ATTR,
  zipCheckPath,
  type AdCreative,
  type AdImage,
} from '@cfs/remote-kit/dom';
export { createLifecycles, type Lifecycles, type LifecycleProps } from './lifecycles';
export { createServerRender, regionTree, type ServerRender, type ServerRenderOptions } from './server';
export { RegionDataContext, useGatewayData, type RegionData, type GatewayData } from './region-data';
export { BusContext, useBus, useShared, useFirstPaint, usePublish, useSubscribe } from './hooks';
export { useKeptWhile } from './kept';
export { RemoteErrorBoundary, RegionNotice } from './boundary';
export { copyLink, ModalDialog, type ModalDialogProps } from './dialog';
export { Button, buttonClass, type ButtonProps } from './button';
export { WantedNow } from './wanted-now';
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
