import Synchronization

/// Notes about languages (not installed, damaged), each written to stderr once a process: an
/// analysis plans its languages and may load engines every time.
public final class LanguageNotes: Sendable {
    public static let shared = LanguageNotes()
    private let said = Mutex(Set<String>())

    public func say(_ notes: [String]) {
        let fresh = said.withLock { said in notes.filter { said.insert($0).inserted } }
        for note in fresh { StandardError.write("livetext: \(note)\n") }
    }
}
