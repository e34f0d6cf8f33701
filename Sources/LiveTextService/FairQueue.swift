import LiveTextCore

/// CPU-bound work from many clients, run a few pieces at a time with the clients taking turns:
/// a client that sends a burst waits behind its own work, not everyone else behind it. The
/// pieces run on the bounded blocking pool, never on the threads that answer the bus.
actor FairQueue {
    private let width: Int
    private var running = 0
    /// Waiting pieces by client, and the clients with pieces waiting in the order of their turns.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var turns: [String] = []

    /// `width` pieces at most at once.
    init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `work` for `client` when its turn comes.
    func run<T: Sendable>(client: String, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        await enter(client)
        defer { leave() }
        return try await BlockingWork.run(work)
    }

    private func enter(_ client: String) async {
        if running < width, turns.isEmpty {
            running += 1
            return
        }
        // `leave` hands its place over: `running` stays counted for this piece.
        await withCheckedContinuation { continuation in
            if waiting[client] == nil { turns.append(client) }
            waiting[client, default: []].append(continuation)
        }
    }

    private func leave() {
        guard !turns.isEmpty else {
            running -= 1
            return
        }
        let client = turns.removeFirst()
        var queue = waiting[client] ?? []
        let next = queue.removeFirst()
        if queue.isEmpty {
            waiting[client] = nil
        } else {
            waiting[client] = queue
            turns.append(client)  // the back of the line for its next piece
        }
        next.resume()
    }

    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }
}
