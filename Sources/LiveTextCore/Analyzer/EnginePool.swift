/// Warm OCR engines, reused across requests: loading a language takes a tenth of a second or
/// more, recognizing a small region less than that.
///
/// At most `maxEnginesPerLanguageSet` engines exist per language set; callers beyond that wait
/// for one to come back. A waiting caller that is cancelled stops waiting at once. Engines can
/// be made ahead of need (`warm`), all at once, one a core; a caller that finds none idle takes
/// one being made.
actor EnginePool {
    typealias Factory = @Sendable (LanguageSet) throws -> any TextRecognizer

    private let factory: Factory
    private let maxEngines: Int
    private var idle: [LanguageSet: [any TextRecognizer]] = [:]
    private var created: [LanguageSet: Int] = [:]
    /// How many engines `warm` is making now.
    private var making: [LanguageSet: Int] = [:]
    /// A caller waiting for an engine: it gets one, or nil (cancelled, or what it waited for
    /// called off), or an error.
    private typealias Waiter = (id: Int, continuation: CheckedContinuation<(any TextRecognizer)?, any Error>)
    /// Callers waiting for an engine to come back.
    private var waiters: [LanguageSet: [Waiter]] = [:]
    /// Callers each promised one of the engines being made (never more of them than `making`).
    private var promised: [LanguageSet: [Waiter]] = [:]
    private var nextWaiter = 0

    init(maxEnginesPerLanguageSet: Int, factory: @escaping Factory) {
        self.maxEngines = max(1, maxEnginesPerLanguageSet)
        self.factory = factory
    }

    /// An engine for `languages`, created (off the actor) when none is idle and the cap allows.
    func checkOut(_ languages: LanguageSet) async throws -> any TextRecognizer {
        if let engine = try await checkOutIfAvailable(languages) { return engine }
        guard let engine = try await wait(promised: false, for: languages) else { throw CancellationError() }
        return engine
    }

    /// Waits for an engine of `languages` to come back, or (`promised`) for one being made; nil
    /// when cancelled (it stops waiting at once, and the engine goes to the next) or when what it
    /// waited for is called off.
    private func wait(promised isPromised: Bool, for languages: LanguageSet) async throws -> (any TextRecognizer)? {
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if isPromised {
                    promised[languages, default: []].append((id, continuation))
                } else {
                    waiters[languages, default: []].append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancel(id, languages) }
        }
    }

    /// An idle engine for `languages`, or one being made (waiting for it: a fraction of a
    /// second at most), or a new one when the cap allows; nil (at once) when every engine is busy.
    func checkOutIfAvailable(_ languages: LanguageSet) async throws -> (any TextRecognizer)? {
        try Task.checkCancellation()
        if var list = idle[languages], let engine = list.popLast() {
            idle[languages] = list
            return engine
        }
        if promised[languages, default: []].count < making[languages, default: 0] {
            if let engine = try await wait(promised: true, for: languages) { return engine }
            // Cancelled (said at once), or its making called off before it began: look again.
            return try await checkOutIfAvailable(languages)
        }
        guard created[languages, default: 0] < maxEngines else { return nil }
        created[languages, default: 0] += 1
        do {
            let factory = self.factory
            return try await BlockingWork.run { try factory(languages) }
        } catch {
            created[languages, default: 0] -= 1
            throw error
        }
    }

    /// Makes engines for `languages` until `count` exist (within the cap), all at once, each on
    /// a thread of its own; returns when they are made. Each goes to a caller it was promised
    /// to, or a waiter, or idle. When one cannot be made, a caller it was promised to hears why
    /// (as its own attempt would have told it), and so does this call.
    func warm(_ languages: LanguageSet, upTo count: Int) async throws {
        let wanted = min(count, maxEngines) - created[languages, default: 0]
        guard wanted > 0 else { return }
        created[languages, default: 0] += wanted
        making[languages, default: 0] += wanted
        let factory = self.factory
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<wanted {
                group.addTask {
                    do {
                        let engine = try await BlockingWork.run { try factory(languages) }
                        await self.made(engine, languages)
                    } catch {
                        await self.notMade(languages, error)
                        throw error
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    private func made(_ engine: any TextRecognizer, _ languages: LanguageSet) {
        making[languages, default: 0] -= 1
        if var list = promised[languages], !list.isEmpty {
            let caller = list.removeFirst()
            promised[languages] = list
            caller.continuation.resume(returning: engine)
        } else {
            checkIn(engine)
        }
    }

    /// One engine not made: called off before it began (the warm-up cancelled: the caller it
    /// was promised to looks again, and may make it itself), or failed (the caller hears why).
    private func notMade(_ languages: LanguageSet, _ error: any Error) {
        making[languages, default: 0] -= 1
        created[languages, default: 0] -= 1
        if var list = promised[languages], list.count > making[languages, default: 0] {
            let caller = list.removeLast()
            promised[languages] = list
            if error is CancellationError {
                caller.continuation.resume(returning: nil)
            } else {
                caller.continuation.resume(throwing: error)
            }
        }
    }

    /// Hands an engine back: to the first waiter, or to the idle list.
    func checkIn(_ engine: any TextRecognizer) {
        let languages = engine.languages
        if var list = waiters[languages], !list.isEmpty {
            let waiter = list.removeFirst()
            waiters[languages] = list
            waiter.continuation.resume(returning: engine)
        } else {
            idle[languages, default: []].append(engine)
        }
    }

    /// Drops idle engines beyond `keep` per language set (the memory of a burst's extra
    /// engines); returns how many were dropped. Busy engines are untouched.
    func releaseIdle(keeping keep: Int) -> Int {
        var released = 0
        for (languages, list) in idle where list.count > keep {
            let drop = list.count - max(0, keep)
            idle[languages] = Array(list.prefix(max(0, keep)))
            created[languages, default: 0] -= drop
            released += drop
        }
        return released
    }

    /// Engines that exist now (idle or busy), over every language set.
    var engineCount: Int { created.values.reduce(0, +) }

    /// Ends the wait of caller `id` (waiting or promised) with nil.
    private func cancel(_ id: Int, _ languages: LanguageSet) {
        (Self.remove(id, from: &waiters[languages]) ?? Self.remove(id, from: &promised[languages]))?
            .continuation.resume(returning: nil)
    }

    private static func remove(_ id: Int, from line: inout [Waiter]?) -> Waiter? {
        guard let index = line?.firstIndex(where: { $0.id == id }) else { return nil }
        return line?.remove(at: index)
    }
}
