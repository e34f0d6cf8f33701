import CX11
import Foundation

/// Handing the clipboard to a clipboard manager before we stop serving it, per freedesktop.org's
/// clipboard manager specification: the manager owns CLIPBOARD_MANAGER; we ask it to convert that
/// selection to SAVE_TARGETS with a property listing the targets worth keeping. It then fetches
/// them from us (usually with one MULTIPLE request, which the loop keeps answering meanwhile),
/// takes CLIPBOARD over, and answers our request: our property on success, None on failure.
extension OwnerLoop {
    func startHandoff(timeout: Duration, reply: Reply<Bool>) {
        guard handoff == nil, !display.isBroken, let owned = server.owned[atoms.clipboard],
              XGetSelectionOwner(display.handle, atoms.clipboardManager) != 0 else {
            reply.resolve(false)
            return
        }
        // A fresh timestamp: the manager takes CLIPBOARD with the time of our request, which must
        // not be older than our own ownership.
        guard let time = try? display.serverTime(on: window, property: atoms.timestampProbe, timeout: timeout) else {
            reply.resolve(false)
            return
        }
        display.setProperty(of: window, atoms.saveTargetsList, type: atoms.atom, longs: atoms.savable(owned.payload).map { UInt($0) })
        XConvertSelection(display.handle, atoms.clipboardManager, atoms.saveTargets, atoms.saveTargetsList, window, time)
        display.flush()
        handoff = PendingHandoff(deadline: .now + timeout, reply: reply)
    }

    func handoffAnswered(_ event: XSelectionEvent) {
        guard handoff != nil, event.requestor == window,
              event.selection == atoms.clipboardManager, event.target == atoms.saveTargets else { return }
        finishHandoff(success: event.property != 0)
    }

    func checkHandoffDeadline() {
        if let pending = handoff, ContinuousClock.now >= pending.deadline { finishHandoff(success: false) }
    }

    /// Ends a pending handoff (if any) and removes our target list property.
    func finishHandoff(success: Bool) {
        guard let pending = handoff else { return }
        handoff = nil
        if !display.isBroken {
            XDeleteProperty(display.handle, window, atoms.saveTargetsList)
            display.flush()
        }
        pending.reply.resolve(success)
    }
}
