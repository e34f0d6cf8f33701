import Foundation
import Synchronization

/// The result of `task`, or nil when it takes more than `limit`: a hang guard, so a test goes on
/// (and fails) instead of waiting for ever. The task is not cancelled, and not waited for after
/// `limit` (awaiting a task's result does not end when the waiter is cancelled, so a task group
/// racing it against a timer would wait for it all the same).
public func result<T: Sendable>(of task: Task<T, any Error>, within limit: Duration) async -> Result<T, any Error>? {
    let once = Once()
    return await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, any Error>?, Never>) in
        let finish = { @Sendable (outcome: Result<T, any Error>?) in
            if once.first() { continuation.resume(returning: outcome) }
        }
        Task { finish(await task.result) }
        Task {
            try? await Task.sleep(for: limit)
            finish(nil)
        }
    }
}

/// True for the first caller only.
private final class Once: Sendable {
    private let taken = Atomic<Bool>(false)

    func first() -> Bool { !taken.exchange(true, ordering: .acquiringAndReleasing) }
}

/// Runs `body` with `resource`, then `stop`s it, also when `body` throws: the shape of every
/// test server's `with`.
public func stopping<Resource, T>(_ resource: Resource, with stop: (Resource) async -> Void,
                                  _ body: (Resource) async throws -> T) async throws -> T {
    do {
        let result = try await body(resource)
        await stop(resource)
        return result
    } catch {
        await stop(resource)
        throw error
    }
}
