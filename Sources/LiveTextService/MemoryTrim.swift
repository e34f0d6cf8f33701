/// Hands freed heap back to the system once the daemon has been quiet for a moment: glibc keeps
/// what a burst of analyses freed, so without this the daemon would sit at its peak size. After a
/// longer quiet (`idleDelay`), `whenIdle` runs too (the analyzer drops the engines a burst added
/// beyond the first), then the heap is trimmed again.
actor MemoryTrim {
    private var scheduled = false
    private let delay: Duration
    private let idleDelay: Duration
    private var whenIdle: (@Sendable () async -> Void)?
    private var lastRequest = ContinuousClock.now
    /// One watcher waits for the quiet, however many requests come meanwhile.
    private var watchingIdle = false

    init(delay: Duration = .seconds(2), idleDelay: Duration = .seconds(60)) {
        self.delay = delay
        self.idleDelay = idleDelay
    }

    func onIdle(_ action: @escaping @Sendable () async -> Void) {
        whenIdle = action
    }

    /// Trims once `delay` has passed with no request after the latest; runs the idle action once
    /// `idleDelay` has. Never while requests keep coming: `malloc_trim` walks the whole heap
    /// holding its arenas' locks, and every 2 s of a flood it held each reply up by up to 100 ms.
    func request() {
        lastRequest = .now
        if whenIdle != nil, !watchingIdle {
            watchingIdle = true
            Task { await watchIdle() }
        }
        guard !scheduled else { return }
        scheduled = true
        Task { await trimWhenQuiet() }
    }

    private func trimWhenQuiet() async {
        while ContinuousClock.now < lastRequest + delay {
            try? await Task.sleep(until: lastRequest + delay, clock: .continuous)
        }
        trim()
    }

    private func watchIdle() async {
        // Requests move the deadline on; sleep until one passes with none after it.
        while ContinuousClock.now < lastRequest + idleDelay {
            try? await Task.sleep(until: lastRequest + idleDelay, clock: .continuous)
        }
        watchingIdle = false
        await whenIdle?()
        _ = glibcMallocTrim(0)
    }

    private func trim() {
        scheduled = false
        _ = glibcMallocTrim(0)
    }
}

/// glibc's `malloc_trim` (malloc.h is not part of the Glibc module).
@_silgen_name("malloc_trim")
func glibcMallocTrim(_ pad: Int) -> Int32
