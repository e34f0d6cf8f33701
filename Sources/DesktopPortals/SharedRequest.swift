import LiveTextCore
import Synchronization

/// One request to a desktop service that may wait for the user (a portal's consent dialog),
/// shared by the callers that arrive while it runs: a second capture or typing while the dialog
/// is up adds no second dialog, and every caller gets its answer. Each caller blocks at most its
/// own deadline; the first deadline that passes cancels the request (the portal closes it and its
/// dialog) and every caller still waiting is told `late`, as is one whose `cancel` is raised.
final class SharedRequest<Value: Sendable>: Sendable {
    private let running = Mutex<Task<Value, any Error>?>(nil)

    /// The running request's value, or that of one `start` begins now.
    func value(within deadline: Duration, cancel: CancellationFlag? = nil, late: LiveTextError,
               start: @escaping @Sendable () async throws -> Value) throws -> Value {
        let task = running.withLock { running -> Task<Value, any Error> in
            if let running { return running }
            let task = Task { try await start() }
            running = task
            return task
        }
        defer { running.withLock { if $0 == task { $0 = nil } } }
        do {
            return try BlockingCall.run(within: deadline, cancel: cancel, onDeadline: {
                task.cancel()
                return late
            }) {
                do { return try await task.value } catch is CancellationError { throw late }
            }
        } catch let error as LiveTextError where error.code == .cancelled {
            task.cancel()
            throw error
        }
    }
}
