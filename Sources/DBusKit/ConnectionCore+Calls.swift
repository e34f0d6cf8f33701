import CDBus
import Dispatch
import Synchronization

/// A method call waiting for its reply.
struct PendingCall {
    let pending: OpaquePointer
    let continuation: CheckedContinuation<[DBusValue], Error>
}

/// What libdbus hands back to the reply callback: the core and the call's key.
private final class PendingContext {
    unowned let core: ConnectionCore
    let id: UInt64

    init(core: ConnectionCore, id: UInt64) {
        self.core = core
        self.id = id
    }
}

extension ConnectionCore {
    /// Sends `message` and waits for its reply. The timeout is enforced by libdbus through the timeout
    /// callbacks (`NoReply` error); cancelling the task cancels the pending call.
    func call(_ message: Message, timeoutMilliseconds: Int32) async throws -> [DBusValue] {
        let box = IDBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[DBusValue], Error>) in
                queue.async {
                    let id = self.makeID()
                    if box.start(id) {
                        continuation.resume(throwing: CancellationError())
                        return
                    }
                    self.start(message, id: id, timeoutMilliseconds: timeoutMilliseconds, continuation: continuation)
                }
            }
        } onCancel: {
            queue.async { self.cancelCall(box) }
        }
    }

    private func start(_ message: Message, id: UInt64, timeoutMilliseconds: Int32,
                       continuation: CheckedContinuation<[DBusValue], Error>) {
        guard connected, let connection = raw else {
            continuation.resume(throwing: DBusError.disconnected())
            return
        }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(connection, message.raw, &pending, timeoutMilliseconds) != 0,
              let pending
        else {
            continuation.resume(throwing: DBusError.disconnected())
            return
        }
        pendingCalls[id] = PendingCall(pending: pending, continuation: continuation)
        let context = Unmanaged.passRetained(PendingContext(core: self, id: id)).toOpaque()
        guard dbus_pending_call_set_notify(pending, replyArrived, context, releaseContext) != 0 else {
            Unmanaged<PendingContext>.fromOpaque(context).release()
            pendingCalls[id] = nil
            dbus_pending_call_cancel(pending)
            dbus_pending_call_unref(pending)
            continuation.resume(throwing: DBusError.noMemory)
            return
        }
        // A reply that was already read before the notify function was set would never notify.
        if dbus_pending_call_get_completed(pending) != 0 { complete(id) }
    }

    fileprivate func complete(_ id: UInt64) {
        guard let call = pendingCalls.removeValue(forKey: id) else { return }
        let reply = dbus_pending_call_steal_reply(call.pending)
        dbus_pending_call_unref(call.pending)
        guard let reply else {
            call.continuation.resume(throwing: DBusError(name: DBusError.Name.noReply, message: "no reply"))
            return
        }
        let message = Message(adopting: reply)
        if message.type == DBUS_MESSAGE_TYPE_ERROR {
            let text = message.arguments().first?.string ?? ""
            call.continuation.resume(throwing: DBusError(name: message.errorName ?? DBusError.Name.failed, message: text))
        } else {
            call.continuation.resume(returning: message.arguments())
        }
    }

    private func cancelCall(_ box: IDBox) {
        guard let id = box.cancel(), let call = pendingCalls.removeValue(forKey: id) else { return }
        dbus_pending_call_cancel(call.pending)
        dbus_pending_call_unref(call.pending)
        call.continuation.resume(throwing: CancellationError())
    }
}

/// Links a task's cancellation handler to its call (both sides run on the core's queue; the
/// `Mutex` makes that a checked fact rather than a promise).
private final class IDBox: Sendable {
    private let state = Mutex<(id: UInt64?, cancelled: Bool)>((nil, false))

    /// Records the call's id; true when the task was cancelled before it started.
    func start(_ id: UInt64) -> Bool {
        state.withLock { state in
            state.id = id
            return state.cancelled
        }
    }

    /// Marks the task cancelled; the call's id, if it started.
    func cancel() -> UInt64? {
        state.withLock { state in
            state.cancelled = true
            return state.id
        }
    }
}

private let replyArrived: DBusPendingCallNotifyFunction = { _, data in
    guard let data else { return }
    let context = Unmanaged<PendingContext>.fromOpaque(data).takeUnretainedValue()
    context.core.complete(context.id)
}

private let releaseContext: DBusFreeFunction = { data in
    guard let data else { return }
    Unmanaged<PendingContext>.fromOpaque(data).release()
}
