/// Hands freed heap back to the system once the daemon has been quiet for a moment: glibc keeps
/// what a burst of analyses freed, so without this the daemon would sit at its peak size.
actor MemoryTrim {
    private var scheduled = false
    private let delay: Duration

    init(delay: Duration = .seconds(2)) {
        self.delay = delay
    }

    /// Trims `delay` after the first request since the last trim.
    func request() {
        guard !scheduled else { return }
        scheduled = true
        Task {
            try? await Task.sleep(for: delay)
            trim()
        }
    }

    private func trim() {
        scheduled = false
        _ = glibcMallocTrim(0)
    }
}

/// glibc's `malloc_trim` (malloc.h is not part of the Glibc module).
@_silgen_name("malloc_trim")
func glibcMallocTrim(_ pad: Int) -> Int32
