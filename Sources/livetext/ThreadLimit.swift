import Foundation

/// Tesseract parallelizes its LSTM with OpenMP threads that fight each other on small machines
/// (about 3× slower on 2 cores). OpenMP reads `OMP_THREAD_LIMIT` once, when libgomp loads, which
/// is before `main`: so when it is unset, set it and start this program again. livetext gets its
/// parallelism from one engine per core instead.
enum ThreadLimit {
    static func enforceSingleThreadedOpenMP() {
        guard getenv("OMP_THREAD_LIMIT") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // If exec fails we simply run on, slower.
        execv("/proc/self/exe", CommandLine.unsafeArgv)
    }
}
