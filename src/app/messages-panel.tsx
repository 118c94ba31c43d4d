import { EmptyState } from '#src/ui/empty-state.tsx';
import { MessageIcon } from '#src/ui/icons.tsx';
import { type CloseControl, Modal } from '#src/ui/modal.tsx';

/** Placeholder until the messaging issue lands: the panel opens, is keyboard-usable, and says so. */
export function MessagesPanel({ onClose, closeControl }: { onClose: () => void; closeControl?: CloseControl }) {
  return (
    <Modal title="Messages" onClose={onClose} closeControl={closeControl} className="modal-panel">
      <EmptyState icon={<MessageIcon />} title="No conversations yet">
        When customers message your business, their conversations appear here.
      </EmptyState>
    </Modal>
  );
}
