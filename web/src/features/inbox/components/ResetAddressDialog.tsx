import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useResetInboxAddress } from '../api/inbox.ts';

/** 'Reset address' confirmed: a new address, and mail to the old one is refused from then on. */
export function ResetAddressDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reset = useResetInboxAddress();
  const onConfirm = async () => {
    try {
      await reset.mutateAsync();
      onOpenChange(false);
      toast.success('Address reset', { description: 'Forward renewal e-mails to the new address.' });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset address?"
      description="You get a new inbox address. Mail sent to the old address stops arriving: anything forwarded there from then on is refused."
      confirmLabel="Reset address"
      busy={reset.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
