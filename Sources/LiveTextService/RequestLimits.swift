import DBusKit
import LiveTextConfig
import LiveTextCore

/// What the service takes on at once, for everyone together and for each client: the requests
/// running (a client's count while their work runs, whether or not the caller is still there)
/// and the bytes they hold: the input as it comes, and the pixels an image decodes to (what
/// costs memory), counted before it is decoded. A call over a limit is answered
/// `org.freedesktop.DBus.Error.LimitsExceeded` at once, instead of queueing behind a flood and
/// slowing every other client.
actor RequestLimits {
    /// An admitted request; give it back with `release` when its work has ended.
    struct Ticket: Sendable {
        fileprivate let id: Int
        fileprivate let client: String
        fileprivate let bytes: Int
        fileprivate let isDetect: Bool
    }

    /// `Detect` calls one client may have running at once: text is read on few threads, and a
    /// client that sends more waits its turn behind the others.
    static let detectsPerClient = 2

    private var running: [Int: Ticket] = [:]
    private var bytesInFlight = 0
    private var detects: [String: Int] = [:]
    /// Requests other than `Detect` running for each client.
    private var analyses: [String: Int] = [:]
    /// Decoded pixels a running request holds, beyond its ticket's bytes.
    private var decoded: [Int: Int] = [:]
    private var nextID = 0

    /// The ticket of the request whose work runs in this task (set by `holding`).
    @TaskLocal static var current: Ticket?

    /// Admits a request of `client` holding `bytes` of input, or throws `LimitsExceeded`.
    func admit(client: String, bytes: Int, isDetect: Bool = false, limits: LimitSettings) throws -> Ticket {
        guard running.count < limits.maxRunning else {
            throw DBusError.limitsExceeded(
                "the daemon is running \(running.count) requests, its limit (limits.max_running): try again shortly")
        }
        // A client's analyses count while they run, even once the caller left the bus.
        if !isDetect, analyses[client, default: 0] >= limits.maxAnalysesPerCaller {
            throw DBusError.limitsExceeded(
                "this client (\(client)) has \(analyses[client, default: 0]) analyses running, the limit "
                + "(limits.max_analyses_per_caller): wait for them to end")
        }
        guard bytes <= limits.maxBytesInFlight - bytesInFlight else {
            throw DBusError.limitsExceeded(
                "the requests running hold \(bytesInFlight >> 20) MiB of input and this one \(bytes >> 20) MiB, over "
                + "the limit of \(limits.maxBytesInFlight >> 20) MiB (limits.max_bytes_in_flight): try again shortly")
        }
        if isDetect {
            let mine = detects[client, default: 0]
            guard mine < Self.detectsPerClient else {
                throw DBusError.limitsExceeded(
                    "this client has \(mine) Detect calls running, the most one client may: wait for their replies")
            }
            detects[client] = mine + 1
        }
        if !isDetect { analyses[client, default: 0] += 1 }
        nextID += 1
        let ticket = Ticket(id: nextID, client: client, bytes: bytes, isDetect: isDetect)
        running[ticket.id] = ticket
        bytesInFlight += bytes
        return ticket
    }

    /// Gives an admitted request's share back; a second release of the same ticket does nothing.
    func release(_ ticket: Ticket) {
        guard running.removeValue(forKey: ticket.id) != nil else { return }
        bytesInFlight -= ticket.bytes + (decoded.removeValue(forKey: ticket.id) ?? 0)
        if ticket.isDetect {
            let left = detects[ticket.client, default: 1] - 1
            detects[ticket.client] = left > 0 ? left : nil
        } else {
            let left = analyses[ticket.client, default: 1] - 1
            analyses[ticket.client] = left > 0 ? left : nil
        }
    }

    /// Counts `bytes` of decoded pixels against the bytes in flight for the request of `ticket`
    /// until it ends, before they are allocated; `LimitsExceeded` when they would take the bytes
    /// in flight over the limit.
    func holdDecoded(_ bytes: Int, for ticket: Ticket, limits: LimitSettings) throws {
        guard running[ticket.id] != nil else { return }
        guard bytes <= limits.maxBytesInFlight - bytesInFlight else {
            throw DBusError.limitsExceeded(
                "the requests running hold \(bytesInFlight >> 20) MiB, and this image decodes to \(bytes >> 20) MiB, "
                + "over the limit of \(limits.maxBytesInFlight >> 20) MiB (limits.max_bytes_in_flight): try again shortly")
        }
        decoded[ticket.id, default: 0] += bytes
        bytesInFlight += bytes
    }

    // MARK: Streams

    private var streams: [Int: Int] = [:]
    private var nextStream = 0

    /// A stream being read, whose bytes count against the bytes in flight as they come (its size
    /// is not known when the request is admitted).
    private func newStream() -> Int {
        nextStream += 1
        return nextStream
    }

    /// Counts `total` bytes read so far from `stream`; `tooLarge` when they would take the bytes
    /// in flight over the limit.
    private func stream(_ stream: Int, hasRead total: Int, limits: LimitSettings) throws {
        let more = total - streams[stream, default: 0]
        guard more <= limits.maxBytesInFlight - bytesInFlight else {
            throw LiveTextError(.tooLarge, "the requests running hold \(bytesInFlight >> 20) MiB of input, the limit "
                                + "(limits.max_bytes_in_flight): this stream stopped at \(total >> 20) MiB")
        }
        streams[stream] = total
        bytesInFlight += more
    }

    /// A stream read to its end, or given up: its bytes no longer count.
    private func endStream(_ stream: Int) {
        bytesInFlight -= streams.removeValue(forKey: stream) ?? 0
    }
}

extension RequestLimits {
    /// Runs `work`, then gives `ticket` back, whatever the outcome.
    nonisolated func holding<T: Sendable>(_ ticket: Ticket, _ work: @Sendable () async throws -> T) async throws -> T {
        try await Self.run({ try await Self.$current.withValue(ticket) { try await work() } },
                           then: { await self.release(ticket) })
    }

    /// Counts the decoded pixels of the request whose work runs in this task (`holdDecoded`).
    nonisolated func holdDecoded(_ bytes: Int, limits: LimitSettings) async throws {
        guard let ticket = Self.current else { return }
        try await holdDecoded(bytes, for: ticket, limits: limits)
    }

    /// Runs `read` with a progress callback that counts the bytes a stream has delivered against
    /// the bytes in flight as they come (`tooLarge` past the limit); they stop counting when
    /// `read` returns or throws.
    nonisolated func countingStream<T: Sendable>(
        limits: @escaping @Sendable () -> LimitSettings,
        _ read: @Sendable (_ progress: @escaping DescriptorRead.Progress) async throws -> T
    ) async throws -> T {
        let stream = await newStream()
        return try await Self.run({
            try await read { total in try await self.stream(stream, hasRead: total, limits: limits()) }
        }, then: { await self.endStream(stream) })
    }

    private static func run<T>(_ work: () async throws -> T, then cleanup: () async -> Void) async throws -> T {
        do {
            let result = try await work()
            await cleanup()
            return result
        } catch {
            await cleanup()
            throw error
        }
    }
}
