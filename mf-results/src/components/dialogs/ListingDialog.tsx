/**
 * The dialogs of a card's actions (search-results §2 Modals: report, share, email, dealer
 * difference; page-furniture §2 Modals): each the shared ModalDialog of remote-kit (native modal,
 * named by its heading, focus in and back, Escape closes). One is open at a time, hosted once for
 * the whole region (ListingActions.tsx). Forms: every field labelled, its error tied to it with
 * aria-describedby, the first field in error focused and the outcome announced. One file per
 * dialog in this folder; this one opens the one asked for.
 */
import { type PageListing, type PageOwner } from '@cfs/contracts';
import { EmailDialog } from './EmailDialog';
import { ReportDialog } from './ReportDialog';
import { ShareDialog } from './ShareDialog';
import { DealerDiffDialog } from './DealerDiffDialog';
import { SignInDialog } from './SignInDialog';
import { SpinDialog } from './SpinDialog';

export type DialogRequest =
  | { kind: 'email' | 'edit-email'; listing: PageListing; owner: PageOwner | undefined }
  | { kind: 'report'; listing: PageListing }
  | { kind: 'share'; listing: PageListing; url: string; canShare: boolean }
  | { kind: 'dealer-diff'; listing: PageListing; owner: PageOwner; contentId: string; label: string }
  | { kind: 'sign-in'; listing: PageListing; href: string; title: string }
  | { kind: 'spin'; listing: PageListing };

export interface HostProps {
  request: DialogRequest;
  onClose: () => void;
  onEmailed: (listingId: string) => void;
}

export function ListingDialog({ request, onClose, onEmailed }: HostProps) {
  switch (request.kind) {
    case 'email':
    case 'edit-email':
      return <EmailDialog request={request} onClose={onClose} onEmailed={onEmailed} />;
    case 'report':
      return <ReportDialog listing={request.listing} onClose={onClose} />;
    case 'share':
      return <ShareDialog listing={request.listing} url={request.url} canShare={request.canShare} onClose={onClose} />;
    case 'dealer-diff':
      return <DealerDiffDialog request={request} onClose={onClose} />;
    case 'sign-in':
      return <SignInDialog href={request.href} title={request.title} onClose={onClose} />;
    case 'spin':
      return <SpinDialog listing={request.listing} onClose={onClose} />;
  }
}
