import { EmptyState } from '#src/ui/empty-state.tsx';
import { MessageIcon } from '#src/ui/icons.tsx';
import { Modal } from '#src/ui/modal.tsx';

/** Placeholder until the messaging issue lands: the panel opens, is keyboard-usable, and says so. */
export function MessagesPanel({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Messages" onClose={onClose} className="modal-panel">
      <EmptyState icon={<MessageIcon />} title="No conversations yet">
        When customers message your business, their conversations appear here.
      </EmptyState>
    </Modal>
  );
}
