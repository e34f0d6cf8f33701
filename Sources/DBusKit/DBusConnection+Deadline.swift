import Synchronization

extension DBusConnection {
    /// `connect(address:)`, given up after `limit` with `org.freedesktop.DBus.Error.Timeout`: a
    /// stopped bus accepts the socket and never answers the handshake, which libdbus waits for
    /// without end. The attempt itself cannot be cancelled; a connection it makes after the limit
    /// is closed.
    public static func connect(address: String, within limit: Duration) async throws -> DBusConnection {
        let attempt = ConnectAttempt()
        return try await withCheckedThrowingContinuation { continuation in
            attempt.start(continuation)
            Task {
                do {
                    let bus = try await DBusConnection.connect(address: address)
                    if !attempt.finish(.success(bus)) { bus.close() }
                } catch {
                    attempt.finish(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
                let said = seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\((seconds * 10).rounded() / 10) s"
                attempt.finish(.failure(DBusError(name: DBusError.Name.timeout, message: "no answer within \(said)")))
            }
        }
    }
}

/// Whichever ends first of a connection attempt and its time limit resumes the waiting caller.
private final class ConnectAttempt: Sendable {
    private let continuation = Mutex<CheckedContinuation<DBusConnection, any Error>?>(nil)

    func start(_ continuation: CheckedContinuation<DBusConnection, any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    /// Resumes the caller with `result`, unless it was resumed before; says whether this did.
    @discardableResult
    func finish(_ result: Result<DBusConnection, any Error>) -> Bool {
        guard let continuation = continuation.withLock({ continuation in
            defer { continuation = nil }
            return continuation
        }) else { return false }
        continuation.resume(with: result)
        return true
    }
}
