/// Warm OCR engines, reused across requests: loading a language takes a tenth of a second or
/// more, recognizing a small region less than that.
///
/// At most `maxEnginesPerLanguageSet` engines exist per language set; callers beyond that wait
/// for one to come back. A waiting caller that is cancelled stops waiting at once.
actor EnginePool {
    typealias Factory = @Sendable (LanguageSet) throws -> any TextRecognizer

    private let factory: Factory
    private let maxEngines: Int
    private var idle: [LanguageSet: [any TextRecognizer]] = [:]
    private var created: [LanguageSet: Int] = [:]
    private var waiters: [LanguageSet: [(id: Int, continuation: CheckedContinuation<(any TextRecognizer)?, any Error>)]] = [:]
    private var nextWaiter = 0

    init(maxEnginesPerLanguageSet: Int, factory: @escaping Factory) {
        self.maxEngines = max(1, maxEnginesPerLanguageSet)
        self.factory = factory
    }

    /// An engine for `languages`, created (off the actor) when none is idle and the cap allows.
    func checkOut(_ languages: LanguageSet) async throws -> any TextRecognizer {
        if let engine = try await checkOutIfAvailable(languages) { return engine }
        let id = nextWaiter
        nextWaiter += 1
        let engine = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters[languages, default: []].append((id, continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiter(id, languages) }
        }
        guard let engine else { throw CancellationError() }
        return engine
    }

    /// An idle engine for `languages`, or a new one when the cap allows; nil (at once) when
    /// every engine is busy.
    func checkOutIfAvailable(_ languages: LanguageSet) async throws -> (any TextRecognizer)? {
        try Task.checkCancellation()
        if var list = idle[languages], let engine = list.popLast() {
            idle[languages] = list
            return engine
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

    private func cancelWaiter(_ id: Int, _ languages: LanguageSet) {
        guard var list = waiters[languages], let index = list.firstIndex(where: { $0.id == id }) else { return }
        let waiter = list.remove(at: index)
        waiters[languages] = list
        waiter.continuation.resume(returning: nil)
    }
}
