/// Hands freed heap back to the system once the daemon has been quiet for a moment: glibc keeps
/// what a burst of analyses freed, so without this the daemon would sit at its peak size. After a
/// longer quiet (`idleDelay`), `whenIdle` runs too (the analyzer drops the engines a burst added
/// beyond the first), then the heap is trimmed again.
actor MemoryTrim {
    private var scheduled = false
    private let delay: Duration
    private let idleDelay: Duration
    private var whenIdle: (@Sendable () async -> Void)?
    /// Bumped by every request: an idle action only runs when none came since it was planned.
    private var generation = 0

    init(delay: Duration = .seconds(2), idleDelay: Duration = .seconds(60)) {
        self.delay = delay
        self.idleDelay = idleDelay
    }

    func onIdle(_ action: @escaping @Sendable () async -> Void) {
        whenIdle = action
    }

    /// Trims `delay` after the first request since the last trim; plans the idle action.
    func request() {
        generation += 1
        let planned = generation
        Task {
            try? await Task.sleep(for: idleDelay)
            await idle(planned)
        }
        guard !scheduled else { return }
        scheduled = true
        Task {
            try? await Task.sleep(for: delay)
            trim()
        }
    }

    private func idle(_ planned: Int) async {
        guard planned == generation, let whenIdle else { return }
        await whenIdle()
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
