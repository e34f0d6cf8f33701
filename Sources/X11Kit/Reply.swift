import Foundation
import LiveTextCore

/// A one-shot answer from an event loop's thread to a caller blocked waiting for it.
final class Reply<Value: Sendable>: Sendable {
    private let value = WaitableMutex<Value?>(nil)

    /// The first call wins; later ones are ignored.
    func resolve(_ result: Value) {
        value.withLock { value in
            if value == nil { value = result }
        }
    }

    /// The answer, or nil when none came within `timeout`.
    func wait(timeout: Duration) -> Value? {
        value.wait(until: { $0 != nil }, deadline: Date().addingTimeInterval(timeout.seconds)) { value, _ in value }
    }
}
