import Dispatch

extension DispatchQueue {
    /// Runs `body` on this (serial) queue for an async caller, the way display backends keep their
    /// one connection to one thread: `cancel` is raised when the calling task is cancelled, and
    /// checked before `body` starts.
    public func perform<T: Sendable>(cancel: CancellationFlag = CancellationFlag(),
                                     _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                async {
                    continuation.resume(with: Result {
                        try cancel.check()
                        return try body()
                    })
                }
            }
        } onCancel: {
            cancel.cancel()
        }
    }
}
