import Foundation

/// Tesseract parallelizes its LSTM with OpenMP threads that fight each other on small machines
/// (about 3× slower on 2 cores). OpenMP reads `OMP_THREAD_LIMIT` once, when libgomp loads, which
/// is before `main`: so when it is unset, set it and start this program again. livetext gets its
/// parallelism from one engine per core instead.
enum ThreadLimit {
    /// The verbs that never read pixels with tesseract in their own process: they run as started,
    /// without the second start (about 40 ms of a static binary's). `hotkey` above all: a Wayland
    /// desktop's keybinding (GNOME's custom keybindings, sway's bindsym) runs `livetext hotkey NAME`
    /// on every press, and the frozen screen waits for it.
    static let verbsWithoutOCR: Set<String> = [
        "hotkey", "desktop", "grab", "config", "detect", "serve-clipboard", "serve-notification", "decode-worker",
        "help", "--help", "-h", "--version",
    ]

    /// Sets `OMP_THREAD_LIMIT` and starts this program again, unless it is set, or the verb of
    /// `arguments` (the command line without the program) never runs OCR here.
    static func enforceSingleThreadedOpenMP(arguments: [String]) {
        guard getenv("OMP_THREAD_LIMIT") == nil, !needsNoLimit(arguments) else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // If exec fails we simply run on, slower.
        execv("/proc/self/exe", CommandLine.unsafeArgv)
    }

    /// Whether the command line's verb never runs OCR in this process (`livetextd` is the daemon,
    /// which does).
    static func needsNoLimit(_ arguments: [String]) -> Bool {
        arguments.first.map(verbsWithoutOCR.contains) ?? false
    }
}
